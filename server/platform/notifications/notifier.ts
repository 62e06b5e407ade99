import { sql, type SQL } from 'drizzle-orm';
import type { EventType } from '@hearth/contract/events';
import type { FamilyEvent } from '../events.ts';
import type { NotificationGroup, NotificationRule } from './rules.ts';

interface Pending {
  rule: NonNullable<NotificationRule['notify']>;
  group: NotificationGroup;
  count: number;
  action: EventType;
}

/**
 * Works out, from recorded events, who is told: data-modifying CTEs run in the very statement that records them
 * (`Events.record`), so a notification exists exactly when its change committed, at no extra round trip.
 */
export class Notifier {
  private readonly byType = new Map<EventType, NotificationRule[]>();

  constructor(rules: NotificationRule[]) {
    for (const rule of rules) this.byType.set(rule.type, [...(this.byType.get(rule.type) ?? []), rule]);
  }

  /**
   * The CTEs for `events` (none when no rule answers them), and what the statement must select to wake the push
   * senders: `channel` is NOTIFYed on commit when anyone was told. `when`: a condition of the statement's (its write
   * happened) without which no one is told.
   */
  writing(events: FamilyEvent[], now: Date, channel: string, when: SQL = sql`true`): { ctes: SQL[]; selecting: SQL | null } {
    const follows: SQL[] = [];
    const pending = new Map<string, Pending>();
    for (const event of events) {
      for (const rule of this.byType.get(event.type) ?? []) {
        const followed = event.actorId ? rule.actorFollows?.(event) : undefined;
        if (followed && event.actorId) follows.push(sql`(${event.actorId}::uuid, ${followed}::uuid, ${event.familyId}::uuid)`);
        const subjectId = rule.notify?.subject(event);
        if (!rule.notify || !subjectId) continue;
        // One row per kind, actor and subject: rules of one kind on one subject share the first one's recipients.
        const key = `${rule.notify.kind}:${event.familyId}:${event.actorId ?? ''}:${subjectId}`;
        const count = rule.notify.count?.(event) ?? 1;
        const known = pending.get(key);
        if (known) {
          known.count += count;
          known.action = event.type;
          known.group.events.push(event);
        } else {
          pending.set(key, {
            rule: rule.notify, count, action: event.type,
            group: { familyId: event.familyId, actorId: event.actorId, subjectId, events: [event] },
          });
        }
      }
    }
    const ctes: SQL[] = [];
    // A statement writes a member's stand on a subject once (ON CONFLICT cannot touch one row twice).
    if (follows.length > 0) {
      ctes.push(sql`notification_follows as (
        insert into notification_subjects (user_id, subject_id, family_id)
        select distinct * from (values ${sql.join(follows, sql`, `)}) v(user_id, subject_id, family_id) where ${when}
        on conflict do nothing)`);
    }
    const told = [...pending.values()].map((p, i) => {
      const name = sql.raw(`notified_${i}`);
      ctes.push(sql`${name} as (${this.inserting(p, now, when)} returning 1)`);
      return sql`select 1 from ${name}`;
    });
    if (told.length === 0) return { ctes, selecting: null };
    // Wakes the push senders of every process once the statement's transaction commits.
    ctes.push(sql`notification_wake as (
      select pg_notify(${channel}, '') from (select 1 where exists (${sql.join(told, sql` union all `)})) w)`);
    return { ctes, selecting: sql`(select count(*) from notification_wake)` };
  }

  private inserting({ rule, group, count, action }: Pending, now: Date, when: SQL): SQL {
    const { familyId, actorId, subjectId } = group;
    const at = now.toISOString();
    const groupKey = `${rule.kind}:${actorId ?? ''}:${subjectId}`;
    return sql`insert into notifications (
        id, family_id, recipient_id, kind, action, actor_id, actor_name, subject_id, title, count, group_key, created_at, updated_at)
      select gen_random_uuid(), ${familyId}::uuid, r.user_id, ${rule.kind}, ${action}, ${actorId}::uuid,
        coalesce((select a.name from family_members a where a.family_id = ${familyId}::uuid and a.user_id = ${actorId}::uuid), 'Someone'),
        ${subjectId}::uuid, r.title, ${count}::int, ${groupKey}, ${at}::timestamptz, ${at}::timestamptz
      from (select distinct on (q.user_id) q.user_id, q.title from (${rule.recipients(group)}) q(user_id, title)) r
      join family_members m on m.family_id = ${familyId}::uuid and m.user_id = r.user_id
      where ${when} and r.user_id is distinct from ${actorId}::uuid
        and not exists (select 1 from notification_preferences p where p.user_id = r.user_id and ${rule.kind} = any(p.muted_kinds))
        and not exists (select 1 from notification_subjects s
          where s.user_id = r.user_id and s.subject_id = ${subjectId}::uuid and s.muted)
      on conflict (recipient_id, group_key) where open do update set
        count = notifications.count + excluded.count, action = excluded.action, title = excluded.title,
        actor_name = excluded.actor_name, updated_at = excluded.updated_at, push_due = true`;
  }
}
