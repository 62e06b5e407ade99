import { test as base } from '@playwright/test';
import { sessionState, signUpViaApi, workerRequest, type ApiSession } from './session.ts';

/**
 * `test` with a member signed in: `ada` is a new account with a family of its own, signed up through the API, and the
 * test's browser context starts with her session stored as the web app keeps it (Playwright's `storageState`), so the
 * first `page.goto` is signed in. Set up what the test is not about through the API with `ada`; other people are
 * signed up with `signUpViaApi` and put in a page with `useSession`.
 */
export const test = base.extend<{ ada: ApiSession }>({
  // Not the test's `request`: made before the test's options (this session among them) are set, it has no baseURL.
  ada: async ({}, use) => use(await signUpViaApi(await workerRequest(), { name: 'Ada' })),
  storageState: async ({ ada }, use) => use(sessionState(ada)),
});

export { expect } from '@playwright/test';
