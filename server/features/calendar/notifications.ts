import { sql } from 'drizzle-orm';
import type { NotificationRule } from '../../platform/notifications/rules.ts';
import { attendsEvent } from './repository.ts';

/** An event's attendees with an account, everyone for a family event (no attendees); with its title. */
const attending: NonNullable<NotificationRule['notify']> = {
  kind: 'events',
  subject: (event) => event.subjectId,
  recipients: ({ familyId, subjectId }) => sql`
    select m.user_id, e.title from calendar_events e
    join family_members m on m.family_id = e.family_id and m.user_id is not null
    where e.id = ${subjectId}::uuid and e.family_id = ${familyId}::uuid and ${attendsEvent}`,
};

/** Events created, changed and cancelled tell who attends (recorded before a deletion, so its attendees are read). */
export const calendarNotifications: NotificationRule[] = [
  { type: 'calendar_event_created', notify: attending },
  { type: 'calendar_event_updated', notify: attending },
  { type: 'calendar_event_deleted', notify: attending },
];
