import { notificationPath, notificationText, type Notification, type NotificationKind } from '@hearth/contract/notifications';
import type { NotificationRow } from '../../platform/notifications/store.ts';

export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    kind: row.kind as NotificationKind,
    text: notificationText(row),
    path: notificationPath(row.kind, row.subjectId, row.action),
    subjectId: row.subjectId,
    count: row.count,
    read: row.readAt !== null,
    at: row.updatedAt.toISOString(),
  };
}

/** A page's cursor: the last row's time and id, opaque to the client. */
export const cursorOf = (row: NotificationRow) => Buffer.from(`${row.updatedAt.toISOString()}|${row.id}`).toString('base64url');

export function readCursor(cursor: string): { at: Date; id: string } | null {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const date = new Date(at ?? '');
  if (Number.isNaN(date.getTime()) || !id || !/^[0-9a-f-]{36}$/.test(id)) return null;
  return { at: date, id };
}
