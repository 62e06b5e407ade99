import { useState } from 'react';
import { filled } from '../../shared/form.tsx';
import { useForm } from 'react-hook-form';
import { groceryLimits, type GroceryReply } from '@hearth/contract/grocery';
import { groceryMessages as m } from './texts.ts';
import { ErrorBanner, Loading } from '../../shared/ui/Status.tsx';
import { useArchiveComment, useClearComments, useComments } from './queries.ts';
import { usePostComment } from './writes.ts';
import { isPending } from '../../shared/offline/queue.ts';
import { useConfirm } from '../../shared/ui/ConfirmDialog.tsx';
import { useRemovalWithUndo, useUndo } from '../../shared/ui/Undo.tsx';

// Made when the first comment is shown: a page's first date format loads the browser's locale data, which was most
// of the list page's code starting up, comments or none.
let shortDate: Intl.DateTimeFormat | undefined;
const commentTime = (iso: string) =>
  (shortDate ??= new Intl.DateTimeFormat('en-US', { dateStyle: 'short', timeStyle: 'short' })).format(new Date(iso));

/** The list's 'Family Discussion': comments, one level of replies, archiving and clearing. */
export function CommentThread({ listId, familyId, canEdit }: { listId: string; familyId: string; canEdit: boolean }) {
  const { confirm, dialog } = useConfirm();
  const comments = useComments(listId);
  const post = usePostComment(listId, familyId);
  const archive = useArchiveComment(listId);
  const clear = useClearComments(listId);
  const [error, setError] = useState<string | null>(null);
  const [replyTo, setReplyTo] = useState<string | null>(null);
  const { offerUndo, snackbar } = useUndo();
  // Archived comments wait out their undo hidden, before the archive is sent.
  const { hidden: archiving, removeLater } = useRemovalWithUndo(offerUndo);
  const visible = comments.data
    ?.filter((c) => !archiving.has(c.id))
    .map((c) => ({ ...c, replies: c.replies.filter((r) => !archiving.has(r.id)) }));

  // The comment shows at once (sent now, or when the network is back), so the form empties at once too.
  const send = (text: string, parentId: string | null, done: () => void) => {
    setError(null);
    post.mutate({ text, parentId }, () => setError(parentId ? m.postReplyFailed : m.postCommentFailed));
    done();
  };
  const remove = (id: string) => {
    setError(null);
    removeLater(id, m.commentArchived, (settled) => archive.mutate(id, {
      onError: () => setError(m.archiveCommentFailed), onSettled: settled,
    }));
  };
  const clearAll = async () => {
    const sure = await confirm({
      title: 'Clear conversation', confirmLabel: 'Clear',
      message: 'Clear the whole conversation? Every comment on this list will be archived.',
    });
    if (!sure) return;
    setError(null);
    clear.mutate(undefined, { onError: () => setError(m.clearCommentsFailed) });
  };

  const actions = (c: GroceryReply) => canEdit && !isPending(c.id) && (
    <button type="button" className="link" onClick={() => remove(c.id)} aria-label={`Archive comment: ${c.text}`}>
      Archive
    </button>
  );

  return (
    <section className="card stack discussion" aria-labelledby="discussion-title">
      {dialog}
      {snackbar}
      <div className="spread">
        <h2 id="discussion-title">Family Discussion</h2>
        {canEdit && visible && visible.length > 0 && (
          <button type="button" className="link" onClick={() => void clearAll()}>Clear conversation</button>
        )}
      </div>
      <ErrorBanner message={error} onDismiss={() => setError(null)} />
      {comments.isPending && <Loading text="Loading comments..." />}
      {comments.isError && <ErrorBanner message={m.loadCommentsFailed} />}
      {visible?.length === 0 && <p className="muted">No comments yet.</p>}
      {visible && visible.length > 0 && (
        <ul className="comments">
          {visible.map((c) => (
            <li key={c.id} className={`comment${isPending(c.id) ? ' pending' : ''}`}>
              <CommentBody comment={c} />
              <div className="row">
                {canEdit && !isPending(c.id) && (
                  <button type="button" className="link" onClick={() => setReplyTo(replyTo === c.id ? null : c.id)}>
                    Reply
                  </button>
                )}
                {actions(c)}
              </div>
              {c.replies.length > 0 && (
                <ul className="replies" aria-label={`Replies to ${c.userName}`}>
                  {c.replies.map((r) => (
                    <li key={r.id} className="comment reply">
                      <CommentBody comment={r} />
                      <div className="row">{actions(r)}</div>
                    </li>
                  ))}
                </ul>
              )}
              {replyTo === c.id && (
                <CommentForm field="Reply" button="Send Reply" placeholder={`Reply to ${c.userName}...`}
                  onSend={(text, done) => send(text, c.id, () => { done(); setReplyTo(null); })} />
              )}
            </li>
          ))}
        </ul>
      )}
      {canEdit && (
        <CommentForm field="New comment" button="Post" placeholder="Write a comment for the family..." 
          onSend={(text, done) => send(text, null, done)} />
      )}
    </section>
  );
}

function CommentBody({ comment }: { comment: GroceryReply }) {
  return (
    <>
      <div className="comment-meta">
        <strong>{comment.userName}</strong>{' '}
        <time className="muted small" dateTime={comment.createdAt}>{commentTime(comment.createdAt)}</time>
      </div>
      <p className="comment-text">{comment.text}</p>
    </>
  );
}

/** A blank text (after trimming) is not sent. */
function CommentForm({ field, button, placeholder, onSend }: {
  field: string; button: string; placeholder: string; onSend: (text: string, done: () => void) => void;
}) {
  const { register, handleSubmit, reset } = useForm({ defaultValues: { text: '' } });
  const submit = ({ text }: { text: string }) => onSend(text, () => reset());
  return (
    <form className="row comment-form" onSubmit={handleSubmit(submit)}>
      <textarea aria-label={field} placeholder={placeholder} rows={2}
        maxLength={groceryLimits.commentMax} {...register('text', filled)} />
      <button type="submit">{button}</button>
    </form>
  );
}
