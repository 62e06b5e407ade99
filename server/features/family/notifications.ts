import { sql } from 'drizzle-orm';
import type { NotificationRule } from '../../platform/notifications/rules.ts';

/** An invite accepted tells whoever made it; the title is the family's name. */
export const familyNotifications: NotificationRule[] = [{
  type: 'member_joined',
  notify: {
    kind: 'invites',
    subject: (event) => (typeof event.data?.inviteId === 'string' ? event.data.inviteId : null),
    recipients: ({ familyId, subjectId }) => sql`
      select i.created_by_user_id, f.name from invites i join families f on f.id = i.family_id
      where i.id = ${subjectId}::uuid and i.family_id = ${familyId}::uuid`,
  },
}];
