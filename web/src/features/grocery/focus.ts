/**
 * Keeps keyboard focus in place when a row leaves the view (checked off, deleted): it moves to the next row's
 * checkbox, else the previous row's, else the add field. Only when focus was in that row, so a tap on a phone never
 * opens the keyboard.
 */
export function keepFocusNear(itemId: string): void {
  const rows = [...document.querySelectorAll<HTMLElement>('[data-item-id]')];
  const at = rows.findIndex((row) => row.dataset.itemId === itemId);
  if (at < 0 || !rows[at]!.contains(document.activeElement)) return;
  const neighbour = (rows[at + 1] ?? rows[at - 1])?.dataset.itemId;
  setTimeout(() => {
    const checkbox = neighbour
      ? document.querySelector<HTMLElement>(`[data-item-id="${neighbour}"] input[type="checkbox"]`)
      : null;
    (checkbox ?? document.querySelector<HTMLElement>('form[aria-label="Add item"] input'))?.focus();
  });
}
