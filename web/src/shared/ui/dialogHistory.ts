/**
 * Browser back closes the open dialog instead of leaving the page (issue #15). Each open dialog owns one history
 * entry: opening pushes it (same address, the router's own state kept, so the router sees no navigation), back
 * pops it and closes the dialog, and a dialog closed by its own controls pops its entry so back and forward
 * still step through pages. Nested dialogs stack their entries.
 *
 * An entry whose dialog no longer exists (a dialog whose page navigated away while it was open, e.g. import
 * opening the saved meal, or forward after back closed a dialog) is a ghost: arriving on one steps on in the
 * same direction, so one back press always moves one page.
 */

const stateKey = 'hearthDialogs';

interface LiveDialog { id: string; onBack: () => void }

/** Dialogs with an entry, outermost first. */
const live: LiveDialog[] = [];
/**
 * Whether a step this module asked of the history (closing a dialog by its controls, stepping over a ghost) has yet
 * to land. A dialog opened meanwhile waits for it (`unplaced`) before it pushes its entry: pushed at once, the
 * landing step would take the new entry for one to leave, and close the new dialog (Enter right after Escape).
 */
let stepping = false;
const unplaced = new Set<string>();
/** The history index left by the last traversal, where the browser tells it (the Navigation API). */
let cameFrom: number | null = null;
let nextId = 0;
// Ids outlive a reload in the history's states: a per-load prefix keeps a new dialog from owning an old entry.
const loadPrefix = Math.random().toString(36).slice(2, 8);

interface NavigationLike {
  currentEntry: { index: number } | null;
  canGoForward: boolean;
  addEventListener(type: 'currententrychange', listener: (e: { from: { index: number } }) => void): void;
}

function browserNavigation(): NavigationLike | undefined {
  return (window as unknown as { navigation?: NavigationLike }).navigation;
}

function entryDialogs(): string[] {
  const ids: unknown = (window.history.state as Record<string, unknown> | null)?.[stateKey];
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
}

/** Steps the history by `delta` entries, noting that the step is this module's. */
function step(delta: number) {
  stepping = true;
  window.history.go(delta);
}

function onPopState() {
  stepping = false;
  const ids = entryDialogs();
  for (let i = live.length - 1; i >= 0; i -= 1) {
    const dialog = live[i];
    if (dialog && !unplaced.has(dialog.id) && !ids.includes(dialog.id)) {
      live.splice(i, 1);
      dialog.onBack();
    }
  }
  if (ids.some((id) => !live.some((d) => d.id === id))) {
    const nav = browserNavigation();
    const here = nav?.currentEntry?.index;
    const forward = here !== undefined && cameFrom !== null && here > cameFrom;
    step(forward && nav?.canGoForward ? 1 : -1);
    return;
  }
  if (unplaced.size > 0) {
    const waiting = live.filter((d) => unplaced.has(d.id)).map((d) => d.id);
    unplaced.clear();
    const state = { ...(window.history.state as Record<string, unknown> | null), [stateKey]: [...ids, ...waiting] };
    window.history.pushState(state, '');
  }
}

let listening = false;
function listen() {
  if (listening) return;
  listening = true;
  window.addEventListener('popstate', onPopState);
  browserNavigation()?.addEventListener('currententrychange', (e) => { cameFrom = e.from.index; });
}

/**
 * The dialogs the current entry should list once this task's closes and opens are settled, or null when none
 * are pending. Closing one dialog and opening another in the same task (a form giving way to its confirmation,
 * or React's development double run of effects) must not push an entry that a queued back would then pop.
 */
let target: string[] | null = null;

function settle() {
  const want = target;
  target = null;
  if (want === null) return;
  const actual = entryDialogs();
  let common = 0;
  while (common < actual.length && common < want.length && actual[common] === want[common]) common += 1;
  const drop = actual.length - common;
  if (want.length > common) {
    // The current entry stands in for the new dialogs; any entries under it left over are ghosts.
    const state = { ...(window.history.state as Record<string, unknown> | null), [stateKey]: want };
    if (drop > 0) window.history.replaceState(state, '');
    else window.history.pushState(state, '');
  } else if (drop > 0) {
    step(-drop);
  }
}

function plan(next: string[]) {
  if (target === null) queueMicrotask(settle);
  target = next;
}

/**
 * Gives an opening dialog its history entry; `onBack` runs when browser back closes it. The returned function
 * is for every other way the dialog closes (its buttons, Escape, unmounting) and pops the entry if it is still
 * the current one; after a navigation from inside the dialog it is not, and it stays behind as a ghost.
 */
export function claimHistoryEntry(onBack: () => void): () => void {
  listen();
  nextId += 1;
  const id = `${loadPrefix}-${nextId}`;
  if (stepping) {
    unplaced.add(id);
  } else if (target === null) {
    const state = { ...(window.history.state as Record<string, unknown> | null), [stateKey]: [...entryDialogs(), id] };
    window.history.pushState(state, '');
  } else {
    plan([...target, id]);
  }
  live.push({ id, onBack });
  return () => {
    const at = live.findIndex((d) => d.id === id);
    if (at === -1) return;
    // An entry it never got needs no popping.
    const placed = !unplaced.has(id);
    // Inner dialogs go with it; their own release then finds nothing to do.
    for (const gone of live.splice(at)) unplaced.delete(gone.id);
    if (!placed) return;
    const ids = target ?? entryDialogs();
    const depth = ids.indexOf(id);
    if (depth !== -1) plan(ids.slice(0, depth));
  };
}
