import { useEffect, useState } from 'react';
import { limits } from '@hearth/contract/limits';

/** Copies an invite link; says so for a moment, or asks to copy by hand when the browser refuses. */
export function CopyLink({ url, label = 'Copy Link' }: { url: string; label?: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), limits.copyConfirmMs);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = () => navigator.clipboard.writeText(url).then(() => setState('copied'), () => setState('failed'));
  return (
    <button type="button" className="secondary" onClick={copy}>
      {state === 'copied' ? 'Copied!' : state === 'failed' ? 'Copy failed: select the link' : label}
    </button>
  );
}
