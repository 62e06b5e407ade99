import { useState } from 'react';
import { exportFamilyData } from '@hearth/contract/family-data';
import { session } from '../../shared/session.ts';

const failed = 'The download failed. Please try again.';

/** Downloads the family's archive (any member): fetched with the session's token, then saved as the server names it. */
export function ExportFamilyData() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      const res = await fetch(exportFamilyData.path, { headers: { authorization: `Bearer ${session.token() ?? ''}` } });
      if (!res.ok) {
        const body = await res.json().catch(() => null) as { message?: string } | null;
        throw new Error(body?.message ?? failed);
      }
      const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'hearth-family.zip';
      const url = URL.createObjectURL(await res.blob());
      const link = Object.assign(document.createElement('a'), { href: url, download: name });
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : failed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card stack">
      <h2>Your family's data</h2>
      <p>One .zip with your lists, recipes, calendar, places and members: family.json for moving to another Hearth
        server, plus calendar.ics, lists.csv and a Markdown file per recipe. Your personal place notes are in it;
        other members' personal notes are not.</p>
      <div><button type="button" onClick={() => void download()} disabled={busy}>
        {busy ? 'Preparing…' : 'Export family data'}
      </button></div>
      {error && <p role="alert" className="error">{error}</p>}
    </section>
  );
}
