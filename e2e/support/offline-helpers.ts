import { expect, type Page } from '@playwright/test';

export const offlineText = 'Offline — changes will sync when you\'re back online';

/** Waits until the service worker is active (the app shell and every page precached). Browser code as text: the
 * tests' TypeScript knows no DOM. */
export async function offlineReady(page: Page): Promise<void> {
  await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
}

/** The signed-in user's IndexedDB copy of the query cache, read in the page. */
function storedCopy(userId: string, pick: string): string {
  return `new Promise((resolve, reject) => {
    const open = indexedDB.open('keyval-store');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      const get = db.transaction('keyval').objectStore('keyval').get(${JSON.stringify(`hearth-cache:${userId}`)});
      get.onerror = () => reject(get.error);
      get.onsuccess = () => {
        db.close();
        const clientState = get.result?.clientState ?? { queries: [], mutations: [] };
        resolve((${pick})(clientState));
      };
    };
  })`;
}

/** The changes waiting in the signed-in user's IndexedDB copy, by mutation key. */
export async function storedQueue(page: Page, userId: string): Promise<string[]> {
  return page.evaluate<string[]>(storedCopy(userId, '(s) => s.mutations.map((m) => m.mutationKey[1])'));
}

/** How many entries the stored copy holds for a query key (null: none stored yet). */
export async function storedCount(page: Page, userId: string, queryKey: readonly unknown[]): Promise<number | null> {
  const hash = JSON.stringify(JSON.stringify(queryKey));
  return page.evaluate<number | null>(storedCopy(userId, `(s) => s.queries.find((q) => q.queryHash === ${hash})?.state.data?.length ?? null`));
}

/**
 * Moves an item near the top of the page up by keyboard, waiting for each announcement and for the rows to stop
 * sliding (as grocery.spec.ts does). From the page's top: on a phone's short screen, a page scrolled down moved
 * under the row as it went up (dnd-kit scrolls along), and the row went up two places for one key.
 */
export async function moveUp(page: Page, name: string, steps: number): Promise<void> {
  const announced = page.locator('[id^="DndLiveRegion"]');
  const settled = () => expect.poll(() => page.evaluate<number>('document.getAnimations().length')).toBe(0);
  await page.evaluate('scrollTo(0, 0)');
  await page.getByRole('button', { name: `Drag ${name}` }).focus();
  await page.keyboard.press('Space');
  await expect(announced).toContainText(name);
  await settled();
  for (let move = 0; move < steps; move++) {
    const before = await announced.textContent();
    await page.keyboard.press('ArrowUp');
    await expect(announced).not.toHaveText(before ?? '');
    await settled();
  }
  await page.keyboard.press('Space');
  await expect(announced).toContainText(`${name} dropped`);
}
