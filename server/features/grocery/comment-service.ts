import type { BodyOf } from '@hearth/contract/endpoint';
import type { EventType } from '@hearth/contract/events';
import { groceryLimits, groceryMessages as m, type addComment } from '@hearth/contract/grocery';
import { requireEditor, requireFamily, requireOwnFamily, type FamilyCaller } from '../../platform/auth/family-access.ts';
import type { Caller } from '../../platform/auth/sessions.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { groceryLists } from '../../platform/db/schema/grocery.ts';
import { requireInFamily } from '../../platform/db/tenancy.ts';
import type { Deps } from '../../platform/deps.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { toReply, toThreads } from './mapper.ts';
import * as repo from './repository/comments.ts';
import { lockFamilyList } from './repository/lists.ts';

/** The discussion thread of a list: comments, one level of replies, archiving. */
export class CommentService {
  private readonly deps: Deps;
  constructor(deps: Deps) {
    this.deps = deps;
  }

  private record(q: Queryable, member: FamilyCaller, type: EventType, listId: string, id?: string) {
    return this.deps.events.record(q, {
      familyId: member.familyId, actorId: member.userId, type, subjectId: id, data: { listId },
    });
  }

  async comments(caller: Caller, listId: string) {
    const member = requireFamily(caller);
    await requireInFamily(this.deps.db, groceryLists, listId, member.familyId, m.listNotFound);
    return toThreads(await repo.listActiveComments(this.deps.db, listId, member.familyId));
  }

  /**
   * The author is always the caller. A reply to a reply joins the same thread, so threads stay one level
   * deep; the parent must be an active comment of the same list.
   */
  async add(caller: Caller, body: BodyOf<typeof addComment>, db: Queryable = this.deps.db) {
    const member = requireEditor(caller);
    requireOwnFamily(member, body.familyId);
    return db.transaction(async (tx) => {
      // The list's lock makes the comment bound hold under parallel adds.
      await lockFamilyList(tx, body.listId, member.familyId);
      if ((await repo.countActiveComments(tx, body.listId, member.familyId)) >= groceryLimits.activeCommentsPerList) {
        throw conflict(m.tooManyComments);
      }
      let parentId: string | null = null;
      if (body.parentId) {
        const parent = await repo.findComment(tx, body.parentId, member.familyId);
        if (!parent || parent.listId !== body.listId || parent.archivedAt) throw notFound(m.commentNotFound);
        parentId = parent.parentId ?? parent.id;
      }
      const row = await repo.insertComment(tx, {
        familyId: member.familyId, listId: body.listId, userId: member.userId, userName: member.name,
        text: body.text, parentId, createdAt: this.deps.clock.now(),
      });
      await this.record(tx, member, 'comment_added', body.listId, row.id);
      return { ...toReply(row), replies: [] };
    });
  }

  /** Archives the comment and its replies; archiving an archived comment again changes nothing. */
  async archive(caller: Caller, id: string) {
    const member = requireEditor(caller);
    await this.deps.db.transaction(async (tx) => {
      const comment = await repo.findComment(tx, id, member.familyId);
      if (!comment) throw notFound(m.commentNotFound);
      await repo.archiveThread(tx, id, member.familyId, this.deps.clock.now());
      await this.record(tx, member, 'comment_archived', comment.listId, id);
    });
    return null;
  }

  async archiveList(caller: Caller, listId: string) {
    const member = requireEditor(caller);
    await this.deps.db.transaction(async (tx) => {
      await requireInFamily(tx, groceryLists, listId, member.familyId, m.listNotFound);
      await repo.archiveListComments(tx, listId, member.familyId, this.deps.clock.now());
      await this.record(tx, member, 'comments_cleared', listId);
    });
    return null;
  }
}
