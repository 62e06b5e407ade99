import { useState } from 'react';
import { useForm } from 'react-hook-form';
import * as api from '@hearth/contract/family';
import { type FamilyMember } from '@hearth/contract/family';
import { familyMessages as msg } from './texts.ts';
import { useAutoAssign, useSetOrder } from './queries.ts';
import { failSubmit, SubmitError } from '../../shared/form.tsx';

type Fields = { order: Record<string, string> };

const numbersOf = (members: FamilyMember[]): Fields => ({
  order: Object.fromEntries(members.map((m) => [m.id, m.memberNumber?.toString() ?? ''])),
});

/** The 'Order Family Members' widget: a number per member, Save, and auto-assign 1..n. */
export function MemberOrder({ members }: { members: FamilyMember[] }) {
  const setOrder = useSetOrder();
  const autoAssign = useAutoAssign();
  const [saved, setSaved] = useState(false);
  const { register, handleSubmit, reset, getValues, setError, clearErrors, formState: { errors } } = useForm<Fields>({
    // The numbers follow the members as they change (live, or after a save); a number being typed stays.
    values: numbersOf(members), resetOptions: { keepDirtyValues: true },
  });
  const busy = setOrder.isPending || autoAssign.isPending;
  /** Saved numbers are no longer drafts: the next change of the members shows in every field. */
  const settle = () => {
    reset(getValues(), { keepDirtyValues: false, keepFieldsRef: true });
    setSaved(true);
  };

  const save = async ({ order }: Fields) => {
    setSaved(false);
    // An empty input is 0, which the contract refuses like any other number below 1.
    const checked = api.MemberOrderRequest.safeParse(members.map((m) => ({ id: m.id, memberNumber: Number(order[m.id] ?? '') })));
    if (!checked.success) return failSubmit(setError, checked.error.issues[0]?.message ?? msg.invalidMemberNumber);
    try {
      await setOrder.mutateAsync(checked.data);
      settle();
    } catch {
      failSubmit(setError, msg.orderUpdateFailed);
    }
  };

  const assign = async () => {
    clearErrors('root');
    try {
      await autoAssign.mutateAsync();
      settle();
    } catch {
      failSubmit(setError, msg.autoAssignFailed);
    }
  };

  const changed = () => {
    setSaved(false);
    clearErrors('root');
  };

  return (
    <section className="card stack order-card" aria-labelledby="order-heading">
      <h2 id="order-heading">Order Family Members</h2>
      <p className="muted small">Lower numbers come first. Numbers start at 1.</p>
      <form className="stack" noValidate onSubmit={handleSubmit(save)}>
        <ol className="order-list">
          {members.map((m) => (
            <li key={m.id}>
              <label className="order-row">
                <span className="order-name">{m.name}</span>
                <input type="number" inputMode="numeric" min={1} step={1} aria-label={`Order number for ${m.name}`}
                  {...register(`order.${m.id}`, { onChange: changed })} />
              </label>
            </li>
          ))}
        </ol>
        <div className="row">
          <button type="submit" disabled={busy}>Save</button>
          <button type="button" className="secondary" onClick={() => void assign()} disabled={busy}>Auto-assign Numbers</button>
          {saved && <span className="saved" role="status">{msg.saved}</span>}
        </div>
        <SubmitError errors={errors} />
      </form>
    </section>
  );
}
