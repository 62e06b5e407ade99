import { useState } from 'react';
import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import { formatQuantity } from '@hearth/contract/quantity';
import { planMessages, type ShopLine } from '@hearth/contract/meal-plan';
import { errorMessage } from '../../../shared/api/errors.ts';
import { paths } from '../../../shared/paths.ts';
import { Modal } from '../../../shared/ui/Modal.tsx';
import { ErrorBanner, Loading, Notice } from '../../../shared/ui/Status.tsx';
import { useGroceryLists } from '../../meals/queries.ts';
import { planActions, usePlanMutation, useShoppingSheet } from './queries.ts';
import { planTexts as t } from './texts.ts';
import { mealsLabel } from './week.ts';

const amount = (l: ShopLine, quantity: number | null) => [quantity === null ? null : formatQuantity(quantity), l.unit].filter(Boolean).join(' ');

/**
 * The review sheet of "Shop for this week": each ingredient the days' recipes need, merged, with the meals needing
 * it; untick what is in the pantry, choose the list, and one call adds the rest. Lines an earlier run added in full
 * are shown, not offered.
 */
export function ShopSheet({ familyId, weekStart, onClose }: { familyId: string; weekStart: string; onClose: () => void }) {
  const sheet = useShoppingSheet(weekStart);
  const lists = useGroceryLists(familyId);
  return (
    <Modal title={t.shopTitle} open onClose={onClose}>
      {sheet.isPending || lists.isPending ? <Loading text={t.shopLoading} />
        : sheet.isError ? <ErrorBanner message={errorMessage(sheet.error, t.loadFailed)} />
          : lists.isError ? <ErrorBanner message={errorMessage(lists.error, t.loadFailed)} />
            : lists.data.length === 0 ? <p>{t.shopNoLists} <Link to={paths.lists}>Grocery Lists</Link></p>
              : <ShopForm weekStart={weekStart} lines={sheet.data.lines} lists={lists.data} onClose={onClose} />}
    </Modal>
  );
}

interface Values { listId: string; ticked: Record<string, boolean> }

function ShopForm({ weekStart, lines, lists, onClose }: {
  weekStart: string; lines: ShopLine[]; lists: { id: string; title: string }[]; onClose: () => void;
}) {
  const open = lines.filter((l) => !l.done);
  // Keys hold dots and brackets react-hook-form would read as paths: each line is named by its place.
  const { register, handleSubmit, formState: { isSubmitting } } = useForm<Values>({
    defaultValues: { listId: lists[0]!.id, ticked: Object.fromEntries(open.map((_, i) => [`l${i}`, true])) },
  });
  const shop = usePlanMutation(planActions.shop);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (lines.length === 0) return <p>{t.shopNothing}</p>;
  if (done) return <><Notice kind="success">{done}</Notice><button type="button" onClick={onClose}>Close</button></>;

  const submit = async (values: Values) => {
    setError(null);
    const keys = open.filter((_, i) => values.ticked[`l${i}`]).map((l) => l.key);
    if (keys.length === 0) return setError(planMessages.nothingToShop);
    try {
      const answer = await shop.mutateAsync({ weekStart, listId: values.listId, keys });
      setDone(t.shopAdded(answer.added, lists.find((l) => l.id === values.listId)?.title ?? ''));
    } catch (e) {
      setError(errorMessage(e, t.saveFailed));
    }
  };

  return (
    <form className="stack shop-sheet" onSubmit={handleSubmit(submit)} noValidate aria-label={t.shopTitle}>
      {open.length === 0 && <p>{t.shopAllAdded}</p>}
      <ul className="shop-lines">
        {open.map((l, i) => (
          <li key={l.key}>
            <label>
              <input type="checkbox" {...register(`ticked.l${i}`)} />
              <span className="shop-line">
                <span><strong>{l.name}</strong> {amount(l, l.toAdd)}</span>
                <span className="muted">{mealsLabel(l.meals)}</span>
              </span>
            </label>
          </li>
        ))}
        {lines.filter((l) => l.done).map((l) => (
          <li key={l.key} className="muted">{l.name} {amount(l, l.quantity)} — {t.alreadyAdded}</li>
        ))}
      </ul>
      {open.length > 0 && (
        <>
          <label>{t.shopList}
            <select {...register('listId')}>{lists.map((l) => <option key={l.id} value={l.id}>{l.title}</option>)}</select>
          </label>
          {error && <ErrorBanner message={error} />}
          <div className="row">
            <button type="submit" disabled={isSubmitting}>{t.shopSubmit}</button>
            <button type="button" className="secondary" onClick={onClose}>Cancel</button>
          </div>
        </>
      )}
    </form>
  );
}
