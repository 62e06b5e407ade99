import { z } from 'zod';
import { endpoint, Id, IsoDateTime } from './endpoint.ts';

/**
 * Notifications: what others did that concerns a member (issue 50). Kinds are what preferences switch off;
 * actions are the event types a notification tells of.
 */
export const notificationKinds = ['list_items', 'comments', 'replies', 'events', 'invites', 'assigned', 'reminders'] as const;
export type NotificationKind = (typeof notificationKinds)[number];

export const notificationLimits = {
  /** Notifications a member keeps; older ones go first. */
  perMember: 500,
  /** Days a notification is kept. */
  keptDays: 60,
  pageMax: 50,
  mutedListsMax: 200,
  /** A push service's URL (browsers' are under 500 characters). */
  endpointMax: 1000,
  /** Base64url keys of a subscription: p256dh is 65 bytes (87 characters), auth 16 (22). */
  keyMax: 200,
  subscriptionsPerMember: 20,
} as const;

export const notificationMessages = {
  title: 'Notifications',
  empty: 'Nothing new. You will see here what others add, change and say.',
  markAllRead: 'Mark all read',
  notificationNotFound: 'Notification not found',
  listNotFound: 'List not found',
  kindInvalid: `Kind must be one of ${notificationKinds.join(', ')}`,
  timeInvalid: 'Quiet hours must be times of day like 22:00',
  quietHoursBoth: 'Quiet hours need both a start and an end, different from each other',
  tooManyMutedLists: `At most ${notificationLimits.mutedListsMax} lists can be muted`,
  cursorInvalid: 'Invalid page cursor',
  subscriptionInvalid: 'The push subscription is not valid: it needs an endpoint and keys p256dh and auth',
  endpointTooLong: `The push endpoint must be at most ${notificationLimits.endpointMax} characters`,
  endpointNotHttps: 'The push endpoint must be an https URL',
  keyInvalid: 'The subscription keys must be base64url text',
  tooManySubscriptions: `At most ${notificationLimits.subscriptionsPerMember} devices can take notifications`,
  unsubscribeLinkInvalid: 'This unsubscribe link is not valid. Turn the morning email off in Notification settings.',
} as const;

/** The morning email digest: when it goes, in the family's timezone, and what it is called. */
export const digestTexts = {
  /** Local time of day it goes from; one missed (the server was down) still goes until `lastHour`. */
  hour: 7,
  lastHour: 12,
  label: 'Morning email: today\'s events and meals, what was added to lists, what is assigned to me (07:00)',
  unsubscribed: 'You will no longer get the morning email from Hearth.',
} as const;

/** What each kind is called on the preferences page. */
export const notificationKindLabels: Record<NotificationKind, string> = {
  list_items: 'Items added to lists I follow',
  comments: 'Comments on lists I follow',
  replies: 'Replies to my comments',
  events: 'Events I attend: new, changed, cancelled',
  invites: 'My invites accepted',
  assigned: 'Things assigned to me',
  reminders: 'Reminders of events and meals',
};

export interface NotificationFacts {
  kind: string;
  action: string;
  actorName: string;
  title: string;
  count: number;
}

const times = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n} ${many}`);

/** The one line a notification shows, in the panel and on the lock screen. */
export function notificationText({ kind, action, actorName: who, title, count }: NotificationFacts): string {
  switch (kind) {
    case 'list_items': return `${who} added ${times(count, 'item', 'items')} to ${title}`;
    case 'comments': return count === 1 ? `${who} commented on ${title}` : `${who} left ${count} comments on ${title}`;
    case 'replies': return `${who} replied to your comment on ${title}`;
    case 'events':
      if (action === 'calendar_event_deleted') return `${who} cancelled ${title}`;
      if (action === 'calendar_event_created') return `${who} added ${title} to the calendar`;
      return `${who} changed ${title}`;
    case 'invites': return `${who} accepted your invite and joined ${title}`;
    // A reminder's title is its whole line, made when it is sent ("Dinner tonight: Chicken tacos").
    case 'reminders': return title;
    default: return `${who} assigned you ${title}`;
  }
}

/** A reminder's action: `reminder:` and the date its occurrence starts on, which the calendar opens at. */
export const reminderAction = (date: string) => `reminder:${date}`;

/** Where tapping a notification leads (the web app's routes); `action` is the notification's last action. */
export function notificationPath(kind: string, subjectId: string, action = ''): string {
  if (kind === 'list_items' || kind === 'comments' || kind === 'replies') return `/list/${subjectId}`;
  if (kind === 'reminders') return `/calendar?event=${subjectId}&date=${action.slice('reminder:'.length)}`;
  if (kind === 'events') return '/calendar';
  if (kind === 'invites') return '/family';
  return '/';
}

export const Notification = z.object({
  id: z.uuid(),
  kind: z.enum(notificationKinds),
  text: z.string(),
  /** The web app's path a tap opens. */
  path: z.string(),
  subjectId: z.uuid(),
  count: z.number().int(),
  read: z.boolean(),
  at: IsoDateTime,
});
export type Notification = z.infer<typeof Notification>;

export const listNotifications = endpoint({
  method: 'GET',
  path: '/api/notifications',
  access: 'user',
  summary: 'The caller\'s notifications, newest first, a page at a time (`before`: the previous page\'s nextCursor)',
  query: z.object({
    before: z.string().max(100).optional(),
    limit: z.coerce.number({ error: `Limit must be a whole number from 1 to ${notificationLimits.pageMax}` }).int()
      .min(1).max(notificationLimits.pageMax).default(20),
  }),
  response: z.object({ notifications: z.array(Notification), nextCursor: z.string().nullable() }),
});

export const unreadNotificationCount = endpoint({
  method: 'GET',
  path: '/api/notifications/unread-count',
  access: 'user',
  summary: 'How many of the caller\'s notifications are unread (the bell)',
  response: z.object({ count: z.number().int() }),
});

export const markNotificationRead = endpoint({
  method: 'POST',
  path: '/api/notifications/{id}/read',
  access: 'user',
  summary: 'Mark one of the caller\'s notifications read',
  params: z.object({ id: Id }),
  response: z.null(),
});

export const markAllNotificationsRead = endpoint({
  method: 'POST',
  path: '/api/notifications/read-all',
  access: 'user',
  summary: 'Mark all the caller\'s notifications read',
  response: z.null(),
});

export const ListFollow = z.object({ following: z.boolean(), muted: z.boolean() });

export const getListFollow = endpoint({
  method: 'GET',
  path: '/api/notifications/lists/{listId}',
  access: 'user',
  summary: 'Whether the caller follows and whether they muted a list of their family',
  params: z.object({ listId: Id }),
  response: ListFollow,
});

export const setListFollow = endpoint({
  method: 'PUT',
  path: '/api/notifications/lists/{listId}',
  access: 'user',
  summary: 'Follow or unfollow a list (told of items added and comments), or mute it (told nothing about it)',
  params: z.object({ listId: Id }),
  body: z.object({ following: z.boolean().optional(), muted: z.boolean().optional() }),
  response: ListFollow,
});

/** A local time of day, HH:mm (quiet hours). */
export const timeOfDayPattern = /^([01]\d|2[0-3]):[0-5]\d$/;
const TimeOfDay = z.string({ error: notificationMessages.timeInvalid }).regex(timeOfDayPattern, notificationMessages.timeInvalid);

export const NotificationPreferences = z.object({
  mutedKinds: z.array(z.enum(notificationKinds, { error: notificationMessages.kindInvalid })).max(notificationKinds.length),
  mutedListIds: z.array(Id).max(notificationLimits.mutedListsMax, notificationMessages.tooManyMutedLists),
  /** Local times in the family's timezone; pushes wait until the end. */
  quietHours: z.object({ start: TimeOfDay, end: TimeOfDay })
    .refine((q) => q.start !== q.end, notificationMessages.quietHoursBoth).nullable(),
  /** The morning email digest (07:00 family time). */
  digest: z.boolean({ error: 'Digest must be true or false' }),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferences>;

export const getNotificationPreferences = endpoint({
  method: 'GET',
  path: '/api/notifications/preferences',
  access: 'user',
  summary: 'The caller\'s notification preferences, and the family timezone quiet hours are in',
  response: NotificationPreferences.extend({ timezone: z.string() }),
});

export const setNotificationPreferences = endpoint({
  method: 'PUT',
  path: '/api/notifications/preferences',
  access: 'user',
  summary: 'Replace the caller\'s notification preferences',
  body: NotificationPreferences,
  response: NotificationPreferences.extend({ timezone: z.string() }),
});

const base64url = z.string({ error: notificationMessages.subscriptionInvalid })
  .max(notificationLimits.keyMax, notificationMessages.keyInvalid).regex(/^[A-Za-z0-9_-]+=*$/, notificationMessages.keyInvalid);

/** A browser's PushSubscription as `toJSON()` gives it. */
export const PushSubscriptionBody = z.object({
  endpoint: z.string({ error: notificationMessages.subscriptionInvalid })
    .max(notificationLimits.endpointMax, notificationMessages.endpointTooLong)
    .url({ error: notificationMessages.subscriptionInvalid }),
  keys: z.object({ p256dh: base64url, auth: base64url }, { error: notificationMessages.subscriptionInvalid }),
}, { error: notificationMessages.subscriptionInvalid });
export type PushSubscriptionInput = z.input<typeof PushSubscriptionBody>;

export const pushKey = endpoint({
  method: 'GET',
  path: '/api/notifications/push/key',
  access: 'user',
  summary: 'The server\'s VAPID public key, for the browser\'s subscribe()',
  response: z.object({ publicKey: z.string() }),
});

export const subscribePush = endpoint({
  method: 'POST',
  path: '/api/notifications/push/subscriptions',
  access: 'user',
  summary: 'Take Web Push on this device (its browser\'s push subscription)',
  body: PushSubscriptionBody,
  response: z.null(),
});

export const unsubscribePush = endpoint({
  method: 'POST',
  path: '/api/notifications/push/subscriptions/remove',
  access: 'user',
  summary: 'Stop Web Push on this device',
  body: z.object({ endpoint: z.string().max(notificationLimits.endpointMax, notificationMessages.endpointTooLong) }),
  response: z.null(),
});

const UnsubscribeToken = z.string({ error: notificationMessages.unsubscribeLinkInvalid })
  .max(100, notificationMessages.unsubscribeLinkInvalid);

/** Both ways of stopping the digest: anyone holding the mail's key, answered the same however often. */
const Unsubscribed = z.object({ unsubscribed: z.literal(true) });

export const unsubscribeDigest = endpoint({
  method: 'POST',
  path: '/api/notifications/digest/unsubscribe',
  access: 'public',
  summary: 'Stop the morning email, from its link, without signing in (the token says whose; answering twice is fine)',
  body: z.object({ token: UnsubscribeToken }),
  response: Unsubscribed,
});

/**
 * RFC 8058 one-click unsubscribe: the mail's `List-Unsubscribe` URL, POSTed by the mail app with the form body
 * `List-Unsubscribe=One-Click` (the body is not read: the token in the URL says everything).
 */
export const unsubscribeDigestOneClick = endpoint({
  method: 'POST',
  path: '/api/notifications/digest/one-click',
  access: 'public',
  summary: 'Stop the morning email from the mail app\'s own Unsubscribe button (RFC 8058)',
  query: z.object({ token: UnsubscribeToken }),
  response: Unsubscribed,
});
