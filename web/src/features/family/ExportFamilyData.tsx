import { useState } from 'react';
import { exportFamilyData } from '@hearth/contract/family-data';
import { fetchFile } from '../../shared/api/client.ts';

const failed = 'The download failed. Please try again.';

/** Downloads the family's archive (any member): fetched with the session's token, then saved as a file. */
export function ExportFamilyData() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const download = async () => {
    setBusy(true);
    setError(null);
    const archive = await fetchFile(exportFamilyData.path);
    setBusy(false);
    if (!archive) return setError(failed);
    const url = URL.createObjectURL(archive);
    Object.assign(document.createElement('a'), { href: url, download: `hearth-family-${new Date().toISOString().slice(0, 10)}.zip` }).click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
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
