import { useCallback, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Notification } from '@hearth/contract/notifications';
import { paths } from '../../shared/paths.ts';
import { useCurrentUser } from '../../shared/useCurrentUser.ts';
import { useDismiss } from '../../shared/ui/useDismiss.ts';
import { ErrorBanner, Loading } from '../../shared/ui/Status.tsx';
import { useMarkRead, useNotifications, useUnreadCount } from './queries.ts';
import { notificationMessages as m, notificationTexts as t } from './texts.ts';
import './notifications.css';

/** The top bar's bell: the unread count (kept live by the family's stream) and the panel of notifications. */
export function Bell() {
  const me = useCurrentUser();
  const enabled = Boolean(me.data?.familyId);
  const [open, setOpen] = useState(false);
  const closePanel = useCallback(() => setOpen(false), []);
  const unread = useUnreadCount(enabled);
  const ref = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const count = unread.data?.count ?? 0;

  useDismiss(open, closePanel, ref, buttonRef);

  if (!enabled) return null;
  return (
    <div className="bell" ref={ref}>
      <button ref={buttonRef} type="button" className="icon bell-button" aria-label={t.bell(count)} aria-expanded={open}
        onClick={() => setOpen(!open)}>
        <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true">
          <path d="M6 16V11a6 6 0 1 1 12 0v5l2 2H4l2-2ZM10 20a2 2 0 0 0 4 0" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
        </svg>
        {count > 0 && <span className="bell-count" aria-hidden="true">{count > 99 ? '99+' : count}</span>}
      </button>
      {open && <Panel onClose={() => setOpen(false)} hasUnread={count > 0} />}
    </div>
  );
}

function Panel({ onClose, hasUnread }: { onClose: () => void; hasUnread: boolean }) {
  const list = useNotifications(true);
  const markRead = useMarkRead();
  const navigate = useNavigate();
  const notifications = list.data?.pages.flatMap((p) => p.notifications) ?? [];

  const openOne = (n: Notification) => {
    if (!n.read) markRead.mutate(n.id);
    onClose();
    navigate(n.path);
  };

  return (
    <section className="notification-panel" aria-label={m.title}>
      <div className="spread">
        <h2>{m.title}</h2>
        <button type="button" className="link" disabled={!hasUnread || markRead.isPending} onClick={() => markRead.mutate(null)}>
          {m.markAllRead}
        </button>
      </div>
      {list.isPending && <Loading />}
      {list.isError && <ErrorBanner message={t.loadFailed} />}
      {list.isSuccess && notifications.length === 0 && <p className="muted">{m.empty}</p>}
      <ul>
        {notifications.map((n) => (
          <li key={n.id}>
            <button type="button" className={n.read ? 'notification' : 'notification unread'} onClick={() => openOne(n)}>
              <span>{n.text}</span>
              <time dateTime={n.at}>{new Date(n.at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}</time>
            </button>
          </li>
        ))}
      </ul>
      {list.hasNextPage && (
        <button type="button" className="secondary" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>{t.more}</button>
      )}
      <Link to={paths.notificationSettings} onClick={onClose}>{t.settings}</Link>
    </section>
  );
}
