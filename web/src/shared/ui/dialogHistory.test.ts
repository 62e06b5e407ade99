import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';

/**
 * A browser's session history as the module sees it: pushState and replaceState at once, traversals (go, back)
 * a task later, each announcing itself to the Navigation API (when there is one) and then with popstate.
 */
class FakeHistory {
  entries: unknown[] = [{ usr: { from: 'router' }, key: 'page-1' }];
  index = 0;
  /** Traversals asked for and not yet landed. */
  pending = 0;
  private readonly listeners: Array<() => void> = [];
  private readonly entryChanges: Array<(e: { from: { index: number } }) => void> = [];

  constructor(withNavigationApi: boolean) {
    this.navigation = withNavigationApi ? this.navigationApi() : undefined;
  }

  readonly navigation: unknown;

  get state() { return this.entries[this.index]; }
  get length() { return this.entries.length; }
  pushState(state: unknown) {
    this.entries = [...this.entries.slice(0, this.index + 1), state];
    this.index += 1;
  }
  replaceState(state: unknown) { this.entries[this.index] = state; }
  go(delta: number) {
    this.pending += 1;
    setTimeout(() => {
      const from = this.index;
      this.index = Math.min(Math.max(this.index + delta, 0), this.entries.length - 1);
      for (const listener of this.entryChanges) listener({ from: { index: from } });
      for (const listener of this.listeners) listener();
      this.pending -= 1;
    });
  }
  back() { this.go(-1); }
  forward() { this.go(1); }

  window() {
    return {
      history: this,
      navigation: this.navigation,
      addEventListener: (type: string, listener: () => void) => {
        if (type === 'popstate') this.listeners.push(listener);
      },
    };
  }

  /** The dialogs the current entry lists. */
  dialogs(): unknown { return (this.state as Record<string, unknown>).hearthDialogs ?? []; }

  private navigationApi() {
    const history = this;
    return {
      get currentEntry() { return { index: history.index }; },
      get canGoForward() { return history.index < history.entries.length - 1; },
      addEventListener: (type: string, listener: (e: { from: { index: number } }) => void) => {
        if (type === 'currententrychange') history.entryChanges.push(listener);
      },
    };
  }
}

/** Lets queued microtasks and the traversals they asked for (a task each, maybe asking for more) run. */
async function settled() {
  for (let turn = 0; turn < 3 || history.pending > 0; turn += 1) await new Promise((resolve) => setTimeout(resolve));
}

let history: FakeHistory;
let claimHistoryEntry: typeof import('./dialogHistory.ts').claimHistoryEntry;

async function freshPage(withNavigationApi = false) {
  history = new FakeHistory(withNavigationApi);
  vi.stubGlobal('window', history.window());
  // The module keeps its dialogs and listener per page load.
  vi.resetModules();
  ({ claimHistoryEntry } = await import('./dialogHistory.ts'));
}

beforeEach(() => freshPage());
afterEach(() => vi.unstubAllGlobals());

describe('one dialog', () => {
  test('opening it adds one history entry at the same address, keeping the router\'s state', () => {
    claimHistoryEntry(() => {});
    expect(history.length).toBe(2);
    expect(history.state).toMatchObject({ usr: { from: 'router' }, key: 'page-1' });
    expect(history.dialogs()).toHaveLength(1);
  });

  test('back closes it and leaves the page where it was', async () => {
    const onBack = vi.fn();
    const release = claimHistoryEntry(onBack);
    history.back();
    await settled();
    expect(onBack).toHaveBeenCalledTimes(1);
    expect(history.index).toBe(0);
    // Its own close after back has nothing left to pop.
    release();
    await settled();
    expect(history.index).toBe(0);
    expect(onBack).toHaveBeenCalledTimes(1);
  });

  test('closing it by its own controls pops its entry without calling onBack', async () => {
    const onBack = vi.fn();
    const release = claimHistoryEntry(onBack);
    release();
    await settled();
    expect(history.index).toBe(0);
    expect(history.dialogs()).toEqual([]);
    expect(onBack).not.toHaveBeenCalled();
    // Releasing twice is harmless.
    release();
    await settled();
    expect(history.index).toBe(0);
  });
});

describe('nested dialogs', () => {
  test('close one back press at a time, innermost first', async () => {
    const outer = vi.fn();
    const inner = vi.fn();
    claimHistoryEntry(outer);
    claimHistoryEntry(inner);
    expect(history.length).toBe(3);
    history.back();
    await settled();
    expect(inner).toHaveBeenCalledTimes(1);
    expect(outer).not.toHaveBeenCalled();
    history.back();
    await settled();
    expect(outer).toHaveBeenCalledTimes(1);
    expect(history.index).toBe(0);
  });

  test('closing the outer one takes the inner one\'s entry with it', async () => {
    const inner = vi.fn();
    const releaseOuter = claimHistoryEntry(() => {});
    const releaseInner = claimHistoryEntry(inner);
    releaseOuter();
    await settled();
    expect(history.index).toBe(0);
    releaseInner();
    await settled();
    expect(history.index).toBe(0);
    expect(inner).not.toHaveBeenCalled();
  });
});

describe('closing one dialog and opening another at once', () => {
  test('in the same task (a form giving way to its confirmation): the entry passes to the new dialog', async () => {
    const release = claimHistoryEntry(() => {});
    const confirmation = vi.fn();
    release();
    claimHistoryEntry(confirmation);
    await settled();
    expect(history.length).toBe(2);
    expect(history.index).toBe(1);
    expect(history.dialogs()).toHaveLength(1);
    history.back();
    await settled();
    expect(confirmation).toHaveBeenCalledTimes(1);
    expect(history.index).toBe(0);
  });

  test('before the close\'s step back has landed (Enter right after Escape): the new dialog gets an entry after it', async () => {
    const first = vi.fn();
    const reopened = vi.fn();
    claimHistoryEntry(first)();
    await Promise.resolve(); // the close's step back is asked for, not yet landed
    claimHistoryEntry(reopened);
    await settled();
    expect(first).not.toHaveBeenCalled();
    expect(reopened).not.toHaveBeenCalled();
    expect(history.index).toBe(1);
    expect(history.dialogs()).toHaveLength(1);
    history.back();
    await settled();
    expect(reopened).toHaveBeenCalledTimes(1);
  });
});

describe('an entry whose dialog is gone (its page navigated away while it was open)', () => {
  async function dialogLeftBehind() {
    const onBack = vi.fn();
    const release = claimHistoryEntry(onBack);
    history.pushState({ usr: null, key: 'page-2' }); // the router's navigation from inside the dialog
    release(); // the dialog unmounts with its page
    await settled();
    expect(history.index).toBe(2);
    return onBack;
  }

  test('back steps over it, so one press moves one page', async () => {
    const onBack = await dialogLeftBehind();
    history.back();
    await settled();
    expect(history.index).toBe(0);
    expect(onBack).not.toHaveBeenCalled();
  });

  test('forward steps over it too, where the Navigation API tells the direction', async () => {
    await freshPage(true);
    await dialogLeftBehind();
    history.back();
    await settled();
    expect(history.index).toBe(0);
    history.forward();
    await settled();
    expect(history.index).toBe(2);
  });

  test('a dialog opened in a later page load does not take an old entry for its own', async () => {
    const first = history.window();
    claimHistoryEntry(() => {});
    const leftOver = history.dialogs();
    // Reload: the history keeps its states, the module starts again.
    vi.stubGlobal('window', first);
    vi.resetModules();
    ({ claimHistoryEntry } = await import('./dialogHistory.ts'));
    claimHistoryEntry(() => {});
    const now = history.dialogs() as string[];
    expect(now).toHaveLength(2);
    expect(now[0]).toBe((leftOver as string[])[0]);
    expect(now[1]).not.toBe(now[0]);
  });
});
