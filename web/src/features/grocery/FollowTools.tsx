import { useListFollow, useSetListFollow } from '../notifications/queries.ts';
import { groceryMessages as m } from './texts.ts';

/** Follow (told of items added and comments) and mute (told nothing) for the list; every member may. */
export function FollowTools({ listId }: { listId: string }) {
  const stand = useListFollow(listId);
  const set = useSetListFollow(listId);
  if (!stand.data) return null;
  const { following, muted } = stand.data;
  return (
    <div className="follow-tools">
      <button type="button" className={following ? '' : 'secondary'} aria-pressed={following} disabled={set.isPending}
        title={m.followHint} onClick={() => set.mutate({ following: !following })}>
        {m.follow}
      </button>
      <button type="button" className="secondary" aria-pressed={muted} disabled={set.isPending}
        onClick={() => set.mutate({ muted: !muted })}>
        {m.mute}
      </button>
      {set.isError && <span role="alert">{m.followFailed}</span>}
    </div>
  );
}
