/**
 * What can happen in a family. Each happening is recorded once as a `family_events` row (the spec's usage
 * events are these rows, under the spec's names) and sent to the family's live streams under the topics it
 * refreshes. Web query keys start with a topic, so a topic is the unit a screen refetches. `notifications`: the types
 * whose notification rules may tell a member something (the bell refetches its count).
 */
export const liveTopics = [
  'family', 'grocery', 'grocery-comments', 'recurring', 'meals', 'locations', 'calendar', 'notifications', 'todos',
] as const;
export type LiveTopic = (typeof liveTopics)[number];

export const eventTopics = {
  member_created: ['family'],
  member_updated: ['family'],
  // An account leaving renews the calendar's subscription link, and attendees go with the member.
  member_removed: ['family', 'calendar'],
  member_joined: ['family', 'notifications'],
  member_left: ['family', 'calendar'],
  members_reordered: ['family'],
  family_renamed: ['family'],
  family_timezone_changed: ['family'],
  family_default_reminder_changed: ['family'],
  family_first_day_of_week_changed: ['family'],
  invite_link_created: ['family'],
  invite_revoked: ['family'],

  create_list: ['grocery'],
  list_deleted: ['grocery', 'recurring'],
  add_grocery_item: ['grocery', 'notifications'],
  recipe_items_added: ['grocery', 'notifications'],
  recurring_item_returned: ['grocery', 'recurring'],
  item_updated: ['grocery'],
  items_updated: ['grocery'],
  item_deleted: ['grocery'],
  items_reordered: ['grocery'],
  items_cleared: ['grocery'],
  category_order_changed: ['grocery'],
  comment_added: ['grocery-comments', 'notifications'],
  comment_archived: ['grocery-comments'],
  comments_cleared: ['grocery-comments'],
  recurring_item_created: ['recurring'],
  recurring_item_updated: ['recurring'],
  recurring_item_deleted: ['recurring'],

  meal_created: ['meals'],
  meal_updated: ['meals'],
  meal_deleted: ['meals'],
  // A draft read from a page; the meal itself is recorded as meal_created when saved.
  meal_imported: [],

  location_created: ['locations'],
  location_updated: ['locations'],
  location_deleted: ['locations'],
  tag_created: ['locations'],
  tag_updated: ['locations'],
  tag_deleted: ['locations'],
  location_note_added: ['locations'],
  location_note_updated: ['locations'],
  location_note_deleted: ['locations'],

  calendar_event_created: ['calendar', 'notifications'],
  calendar_event_updated: ['calendar', 'notifications'],
  calendar_event_deleted: ['calendar', 'notifications'],
  calendar_exported: ['calendar'],
  // The week planner's usage (issue 51): planned meals are calendar events, told to no one's bell (a week is many).
  meal_planned: ['calendar'],
  planned_meal_changed: ['calendar'],
  planned_meal_removed: ['calendar'],
  meal_plan_week_copied: ['calendar'],
  meal_plan_week_cleared: ['calendar'],
  meal_plan_week_shopped: ['grocery'],

  // The AI planner's usage; what it changes (a meal, list items) is recorded under those features' own types.
  ai_meal_request: [],
  ai_meal_saved: [],
  ai_meal_grocery_added: [],

  // To-dos and chores (issue 52): todo_created, todo_completed, chore_completed and reward_redeemed are the usage events.
  todo_list_created: ['todos'],
  todo_list_updated: ['todos'],
  todo_list_deleted: ['todos'],
  todo_created: ['todos'],
  todo_updated: ['todos'],
  todo_deleted: ['todos'],
  todos_reordered: ['todos'],
  todo_completed: ['todos'],
  chore_completed: ['todos'],
  todo_skipped: ['todos'],
  todo_uncompleted: ['todos'],
  reward_created: ['todos'],
  reward_updated: ['todos'],
  reward_deleted: ['todos'],
  reward_redeemed: ['todos'],
} as const satisfies Record<string, readonly LiveTopic[]>;

export type EventType = keyof typeof eventTopics;
export const eventTypes = Object.keys(eventTopics) as [EventType, ...EventType[]];
