/** Every client route, in one place (spec part 2 route table). */
export const paths = {
  newsfeed: '/',
  lists: '/lists',
  list: (listId: string) => `/list/${listId}`,
  family: '/family',
  recurringItems: '/recurring-items',
  meals: '/meals',
  mealPlan: '/meals/plan',
  meal: (id: string) => `/meals/${id}`,
  calendar: '/calendar',
  /** The calendar at `date` with one of its events open (an occurrence of a series: the one starting on `date`). */
  calendarEvent: (eventId: string, date: string) => `/calendar?event=${eventId}&date=${date}`,
  locations: '/locations',
  aiMealPlanner: '/ai-meal-planner',
  notificationSettings: '/notifications/settings',
  account: '/account',
  /** The morning email's unsubscribe link (no sign-in). */
  unsubscribe: '/unsubscribe',
  superadmin: '/superadmin',
  auth: '/auth',
  register: '/register',
  requestPasswordReset: '/request-password-reset',
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email',
} as const;
