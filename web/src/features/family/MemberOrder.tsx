import { useState } from 'react';
import * as api from '@hearth/contract/family';
import { type FamilyMember } from '@hearth/contract/family';
import { familyMessages as msg } from './texts.ts';
import { useAutoAssign, useSetOrder } from './queries.ts';
import { ErrorBanner } from '../../shared/ui/Status.tsx';

type Status = { kind: 'saved' } | { kind: 'error'; text: string } | null;

/** The 'Order Family Members' widget: a number per member, Save, and auto-assign 1..n. */
export function MemberOrder({ members }: { members: FamilyMember[] }) {
  const setOrder = useSetOrder();
  const autoAssign = useAutoAssign();
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<Status>(null);
  const busy = setOrder.isPending || autoAssign.isPending;
  const valueOf = (m: FamilyMember) => drafts[m.id] ?? m.memberNumber?.toString() ?? '';

  const save = async () => {
    // An empty input is 0, which the contract refuses like any other number below 1.
    const checked = api.MemberOrderRequest.safeParse(members.map((m) => ({ id: m.id, memberNumber: Number(valueOf(m)) })));
    if (!checked.success) {
      setStatus({ kind: 'error', text: checked.error.issues[0]?.message ?? msg.invalidMemberNumber });
      return;
    }
    try {
      await setOrder.mutateAsync(checked.data);
      setDrafts({});
      setStatus({ kind: 'saved' });
    } catch {
      setStatus({ kind: 'error', text: msg.orderUpdateFailed });
    }
  };

  const assign = async () => {
    try {
      await autoAssign.mutateAsync();
      setDrafts({});
      setStatus({ kind: 'saved' });
    } catch {
      setStatus({ kind: 'error', text: msg.autoAssignFailed });
    }
  };

  return (
    <section className="card stack order-card" aria-labelledby="order-heading">
      <h2 id="order-heading">Order Family Members</h2>
      <p className="muted small">Lower numbers come first. Numbers start at 1.</p>
      <ol className="order-list">
        {members.map((m) => (
          <li key={m.id}>
            <label className="order-row">
              <span className="order-name">{m.name}</span>
              <input type="number" inputMode="numeric" min={1} step={1} value={valueOf(m)}
                aria-label={`Order number for ${m.name}`}
                onChange={(e) => {
                  setDrafts({ ...drafts, [m.id]: e.target.value });
                  setStatus(null);
                }} />
            </label>
          </li>
        ))}
      </ol>
      <div className="row">
        <button type="button" onClick={save} disabled={busy}>Save</button>
        <button type="button" className="secondary" onClick={assign} disabled={busy}>Auto-assign Numbers</button>
        {status?.kind === 'saved' && <span className="saved" role="status">{msg.saved}</span>}
      </div>
      <ErrorBanner message={status?.kind === 'error' && status.text} />
    </section>
  );
}
