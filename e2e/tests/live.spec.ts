import { expect, test, type Page } from '@playwright/test';
import { liveStream, liveStreamsPerSession } from '@hearth/contract/live';
import { newListViaApi } from '../support/grocery-helpers.ts';
import { signUpViaApi, useSession } from '../support/session.ts';

const isLive = (url: string) => new URL(url).pathname === liveStream.path;

test('a tab whose live stream newer tabs of the session replaced waits until it is looked at, then follows again', async ({ page, context, request }) => {
  const ada = await signUpViaApi(request, { name: 'Ada' });
  await useSession(page, ada);
  // This tab plays one in the background: hidden, without the focus, until the test shows it (`globalThis.shown`).
  await page.addInitScript(`
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (globalThis.shown ? 'visible' : 'hidden') });
    document.hasFocus = () => globalThis.shown === true;
  `);
  let backgroundStreams = 0;
  page.on('request', (r) => { if (isLive(r.url())) backgroundStreams++; });
  const first = page.waitForResponse((r) => isLive(r.url()));
  await page.goto('/lists');
  await first;

  const others: Page[] = [];
  for (let n = 0; n < liveStreamsPerSession; n++) {
    const tab = await context.newPage();
    const connected = tab.waitForResponse((r) => isLive(r.url()));
    await tab.goto('/lists');
    await connected;
    others.push(tab);
  }
  // Replaced by the newest tab, it does not come back while in the background (its retry would be 1 s).
  await page.waitForTimeout(4000);
  expect(backgroundStreams).toBe(1);

  const back = page.waitForResponse((r) => isLive(r.url()));
  await page.evaluate(`
    globalThis.shown = true;
    document.dispatchEvent(new Event('visibilitychange'));
  `);
  await back;
  expect(backgroundStreams).toBe(2);
  await newListViaApi(request, ada, 'Seen live');
  await expect(page.getByText('Seen live')).toBeVisible();
});
