import { sql } from 'drizzle-orm';
import type { FamilyEvent } from '../../platform/events.ts';
import type { NotificationGroup, NotificationRule } from '../../platform/notifications/rules.ts';
import { textArray } from '../../platform/db/client.ts';

const listOf = (event: FamilyEvent) => (typeof event.data?.listId === 'string' ? event.data.listId : null);

/** The list's followers, with its title. */
const followers = ({ familyId, subjectId }: NotificationGroup) => sql`
  select f.user_id, l.title from notification_subjects f
  join grocery_lists l on l.id = f.subject_id and l.family_id = ${familyId}::uuid
  where f.subject_id = ${subjectId}::uuid and f.following`;

/** Authors of the comments the group's comments reply to. */
const repliedTo = ({ familyId, events }: NotificationGroup) => sql`
  select p.user_id, l.title from grocery_comments c
  join grocery_comments p on p.id = c.parent_id
  join grocery_lists l on l.id = c.list_id
  where c.id = any(${textArray(events.map((e) => e.subjectId))}::uuid[]) and c.family_id = ${familyId}::uuid`;

const itemsAdded = {
  kind: 'list_items', subject: listOf, recipients: followers,
} as const satisfies NotificationRule['notify'];

/** Items added tell a list's followers (its creator and whoever added to it, unless they unfollowed). */
export const groceryNotifications: NotificationRule[] = [
  { type: 'create_list', actorFollows: (e) => e.subjectId },
  { type: 'add_grocery_item', actorFollows: listOf, notify: itemsAdded },
  {
    type: 'recipe_items_added', actorFollows: listOf,
    notify: { ...itemsAdded, count: (e) => (typeof e.data?.count === 'number' ? e.data.count : 1) },
  },
  { type: 'comment_added', notify: { kind: 'replies', subject: listOf, recipients: repliedTo } },
  {
    type: 'comment_added',
    notify: {
      kind: 'comments', subject: listOf,
      // A follower whose comment was answered hears of it once, as a reply.
      recipients: (group) => sql`select * from (${followers(group)}) f
        where f.user_id not in (select r.user_id from (${repliedTo(group)}) r where r.user_id is not null)`,
    },
  },
];
