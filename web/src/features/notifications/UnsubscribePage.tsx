import { useMutation } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import * as api from '@hearth/contract/notifications';
import { ApiError, call } from '../../shared/api/client.ts';
import { paths } from '../../shared/paths.ts';
import { ErrorBanner, Notice } from '../../shared/ui/Status.tsx';
import { useTitle } from '../../shared/useTitle.ts';
import { notificationTexts as t } from './texts.ts';

/**
 * /unsubscribe?token=…, from the morning email, signed in or not. It asks before it acts: mail scanners open links,
 * and opening one must not change anything.
 */
export function UnsubscribePage() {
  useTitle(t.unsubscribeTitle);
  const [params] = useSearchParams();
  const token = params.get('token');
  const stop = useMutation({ mutationFn: (key: string) => call(api.unsubscribeDigest, { body: { token: key } }) });

  let body;
  if (!token) body = <ErrorBanner message={t.unsubscribeNoToken} />;
  else if (stop.isSuccess) body = <Notice kind="success">{api.digestTexts.unsubscribed}</Notice>;
  else {
    body = (
      <>
        <p>{t.unsubscribeAsk}</p>
        <ErrorBanner message={stop.isError ? (stop.error instanceof ApiError ? stop.error.message : t.saveFailed) : null} />
        <div><button type="button" disabled={stop.isPending} onClick={() => stop.mutate(token)}>{t.unsubscribeButton}</button></div>
      </>
    );
  }
  return (
    <main className="page narrow">
      <div className="card stack">
        <h1>{t.unsubscribeTitle}</h1>
        {body}
        <Link to={paths.notificationSettings}>{t.settings}</Link>
      </div>
    </main>
  );
}
