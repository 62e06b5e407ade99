import { request as requests, type APIRequestContext, type Page } from '@playwright/test';
import * as accounts from '@hearth/contract/accounts';
import { callApi } from './api.ts';
import { asOwnClient, e2eUrl, linkIn, password, uniqueEmail, waitForMail } from './hearth.ts';

export interface ApiSession {
  token: string;
  user: accounts.SessionUser;
  email: string;
  password: string;
}

let own: Promise<APIRequestContext> | undefined;
/**
 * The worker's own request context, for a fixture the browser context's storage state depends on: the test's own
 * `request` is made with the test's options, which that state is part of.
 */
export const workerRequest = () => (own ??= requests.newContext({ baseURL: e2eUrl }));

/** Registers through the API, follows the mailed verification link, and signs in. */
export async function signUpViaApi(
  request: APIRequestContext, input: { name?: string; email?: string; inviteToken?: string } = {},
): Promise<ApiSession> {
  const email = input.email ?? uniqueEmail();
  const headers = asOwnClient();
  await callApi(request, accounts.register, {
    headers, body: { email, name: input.name ?? 'E2E User', password, inviteToken: input.inviteToken ?? null },
  });
  const mail = await waitForMail(email, /Verify/);
  const token = new URL(linkIn(mail.text, '/verify-email')).searchParams.get('token');
  if (!token) throw new Error('no token in the verification link');
  await callApi(request, accounts.verifyEmail, { headers, body: { token } });
  return signInViaApi(request, email);
}

export async function signInViaApi(request: APIRequestContext, email: string): Promise<ApiSession> {
  const body = await callApi(request, accounts.login, { headers: asOwnClient(), body: { email, password } });
  return { token: body.token, user: body.user, email, password };
}

/** Stores the session the way the web app does, so the next navigation is signed in. */
export async function useSession(page: Page, session: ApiSession): Promise<void> {
  await page.addInitScript(({ token, user }) => {
    localStorage.setItem('token', token);
    localStorage.setItem('user', JSON.stringify(user));
    localStorage.setItem('user_created_at', user.createdAt);
  }, { token: session.token, user: session.user });
}

/** The session as a browser context's starting storage (Playwright's `storageState`), kept as the web app keeps it. */
export function sessionState(session: ApiSession) {
  return {
    cookies: [],
    origins: [{
      origin: e2eUrl,
      localStorage: [
        { name: 'token', value: session.token },
        { name: 'user', value: JSON.stringify(session.user) },
        { name: 'user_created_at', value: session.user.createdAt },
      ],
    }],
  };
}
