/** Every text of the newsfeed (spec part 2 §2, §8), and the page's own where the spec shows none. */
export const newsfeedTexts = {
  titleSuffix: '\'s Newsfeed',
  loading: 'Loading newsfeed...',
  loadFailed: 'Failed to load newsfeed',
  loadError: 'Error loading newsfeed',
  quickAdd: 'Quick add',
  addEvent: 'Add Event',
  createList: 'Create List',
  addMeal: 'Add Meal',
  aiBannerTitle: 'New: AI Meal Planner',
  aiBannerText: 'Tell it what your family likes and get dinner ideas in seconds.',
  tryNow: 'Try Now',
  dismiss: 'Dismiss',
  onboardingTitle: 'Get started',
  onboardingList: 'Create your first grocery list',
  onboardingInvite: 'Invite a family member',
  membersLabel: 'Filter by family member',
  clearFilter: 'Clear Filter',
  upcomingEvents: 'Upcoming Events',
  noEvents: 'Nothing on the calendar for the next 7 days.',
  addFirstEvent: 'Add your first event',
  today: 'Today',
  tomorrow: 'Tomorrow',
  recurring: 'Recurring event',
  family: 'Family',
  groceryLists: 'Grocery Lists',
  noLists: 'No active grocery lists',
  createFirstList: 'Create your first list',
  recentComments: 'Recent Family Comments',
  noComments: 'No recent comments',
  upcomingMeals: 'Upcoming Meals',
  noMeals: 'No upcoming meals scheduled',
  scheduleMeal: 'Schedule a meal',
} as const;

export const itemCount = (n: number) => (n === 1 ? '1 item' : `${n} items`);
export const recentlyAdded = (n: number) => `(${n} recently added)`;
export const daysAgoText = (n: number) => (n === 0 ? 'today' : n === 1 ? 'yesterday' : `${n} days ago`);
