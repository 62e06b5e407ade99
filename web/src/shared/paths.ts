/** Every client route, in one place (spec part 2 route table). */
export const paths = {
  newsfeed: '/',
  lists: '/lists',
  list: (listId: string) => `/list/${listId}`,
  family: '/family',
  recurringItems: '/recurring-items',
  meals: '/meals',
  meal: (id: string) => `/meals/${id}`,
  calendar: '/calendar',
  locations: '/locations',
  aiMealPlanner: '/ai-meal-planner',
  superadmin: '/superadmin',
  auth: '/auth',
  register: '/register',
  requestPasswordReset: '/request-password-reset',
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email',
} as const;
