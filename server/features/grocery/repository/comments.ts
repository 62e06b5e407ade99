import { and, asc, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../../platform/db/client.ts';
import { groceryComments, groceryLists } from '../../../platform/db/schema/grocery.ts';

export type CommentRow = typeof groceryComments.$inferSelect;

export async function listActiveComments(q: Queryable, listId: string, familyId: string): Promise<CommentRow[]> {
  return q.select().from(groceryComments)
    .where(and(
      eq(groceryComments.listId, listId), eq(groceryComments.familyId, familyId), isNull(groceryComments.archivedAt),
    ))
    .orderBy(asc(groceryComments.createdAt), asc(groceryComments.id));
}

export async function countActiveComments(q: Queryable, listId: string, familyId: string): Promise<number> {
  const [row] = await q.select({ n: sql<number>`count(*)::int` }).from(groceryComments)
    .where(and(
      eq(groceryComments.listId, listId), eq(groceryComments.familyId, familyId), isNull(groceryComments.archivedAt),
    ));
  return row?.n ?? 0;
}

export async function findComment(q: Queryable, id: string, familyId: string): Promise<CommentRow | undefined> {
  const [row] = await q.select().from(groceryComments)
    .where(and(eq(groceryComments.id, id), eq(groceryComments.familyId, familyId)));
  return row;
}

export async function insertComment(q: Queryable, values: typeof groceryComments.$inferInsert): Promise<CommentRow> {
  const [row] = await q.insert(groceryComments).values(values).returning();
  if (!row) throw new Error('comment insert returned nothing');
  return row;
}

/** Archives a comment together with its replies. */
export async function archiveThread(q: Queryable, id: string, familyId: string, at: Date): Promise<void> {
  await q.update(groceryComments).set({ archivedAt: at })
    .where(and(
      or(eq(groceryComments.id, id), eq(groceryComments.parentId, id)),
      eq(groceryComments.familyId, familyId), isNull(groceryComments.archivedAt),
    ));
}

export async function archiveListComments(q: Queryable, listId: string, familyId: string, at: Date): Promise<void> {
  await q.update(groceryComments).set({ archivedAt: at })
    .where(and(
      eq(groceryComments.listId, listId), eq(groceryComments.familyId, familyId), isNull(groceryComments.archivedAt),
    ));
}

/** The family's latest active comments (replies included), newest first, each with its list's name. */
export function latestComments(q: Queryable, familyId: string, limit: number) {
  const c = groceryComments;
  return q.select({
    id: c.id, text: c.text, userName: c.userName, createdAt: c.createdAt, listId: c.listId, listTitle: groceryLists.title,
  }).from(c)
    .innerJoin(groceryLists, eq(groceryLists.id, c.listId))
    .where(and(eq(c.familyId, familyId), isNull(c.archivedAt)))
    .orderBy(desc(c.createdAt), desc(c.id))
    .limit(limit);
}
