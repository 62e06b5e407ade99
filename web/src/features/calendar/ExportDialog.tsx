import { useState } from 'react';
import { CopyLink } from '../../shared/ui/CopyLink.tsx';
import { useConfirm } from '../../shared/ui/ConfirmDialog.tsx';
import { Modal } from '../../shared/ui/Modal.tsx';
import { ErrorBanner, Loading } from '../../shared/ui/Status.tsx';
import { useExportUrl, useRegenerateExportUrl } from './queries.ts';
import { calendarTexts as t } from './texts.ts';

/** The subscription link (any member reads it), copy with 'Copied!' for 2 seconds, and for admins a new link. */
export function ExportDialog({ open, onClose, isAdmin }: { open: boolean; onClose: () => void; isAdmin: boolean }) {
  const url = useExportUrl(open);
  const regenerate = useRegenerateExportUrl();
  const { confirm, dialog } = useConfirm();
  const [error, setError] = useState<string | null>(null);

  const renew = async () => {
    if (!await confirm({ title: t.regenerateTitle, message: t.regenerateConfirm, confirmLabel: t.regenerate })) return;
    regenerate.mutate(undefined, { onError: () => setError(t.regenerateFailed) });
  };

  return (
    <Modal title={t.exportTitle} open={open} onClose={onClose}>
      <div className="stack cal-export">
        <p>{t.exportIntro}</p>
        {url.isPending && <Loading />}
        {url.isError && <ErrorBanner message={t.exportFailed} />}
        <ErrorBanner message={error} onDismiss={() => setError(null)} />
        {url.data && (
          <>
            <input className="cal-export-url" readOnly value={url.data.calendarUrl} aria-label="Subscription link"
              onFocus={(e) => e.target.select()} />
            <div className="row">
              <CopyLink url={url.data.calendarUrl} label={t.copyLink} />
              {isAdmin && (
                <button type="button" className="secondary" disabled={regenerate.isPending} onClick={() => void renew()}>
                  {t.regenerate}
                </button>
              )}
            </div>
          </>
        )}
        <p className="muted small">{t.exportHint}</p>
        <p className="muted small">{t.exportSecret} {t.exportRenewedOnLeave}</p>
      </div>
      {dialog}
    </Modal>
  );
}
