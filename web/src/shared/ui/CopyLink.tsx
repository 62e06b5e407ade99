import { useEffect, useState } from 'react';
import { limits } from '@hearth/contract/limits';

/** Copies a link; says so for a moment, or asks to copy by hand when the browser refuses. With `shareTitle`, also a Share button where the device has a share sheet. */
export function CopyLink({ url, label = 'Copy Link', shareTitle }: { url: string; label?: string; shareTitle?: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), limits.copyConfirmMs);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = () => navigator.clipboard.writeText(url).then(() => setState('copied'), () => setState('failed'));
  const copyButton = (
    <button type="button" className="secondary" onClick={copy}>
      {state === 'copied' ? 'Copied!' : state === 'failed' ? 'Copy failed: select the link' : label}
    </button>
  );
  // Phones offer their own share sheet (messages, mail) beside copying; a cancelled share is no failure.
  if (!shareTitle || typeof navigator.share !== 'function') return copyButton;
  return (
    <>
      {copyButton}
      <button type="button" className="secondary" onClick={() => void navigator.share({ title: shareTitle, url }).catch(() => undefined)}>
        Share
      </button>
    </>
  );
}
