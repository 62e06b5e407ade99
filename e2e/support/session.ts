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

interface SignUp { name?: string; email?: string; inviteToken?: string }

/**
 * A new account of its own (registered through the API, verified by the mailed link, signed in), founding its own
 * family unless it names an invite. Plain sign-ups (a name only) are made one ahead in each worker: once a name has
 * been asked for twice, the next account of that name is being made while the test that asked runs, so a test does
 * not wait for a sign-up's round trips and mail. Each test still gets a fresh account and family.
 */
export async function signUpViaApi(request: APIRequestContext, input: SignUp = {}): Promise<ApiSession> {
  if (input.email !== undefined || input.inviteToken !== undefined) return signUp(request, input);
  const name = input.name ?? 'E2E User';
  if (!ahead.has(name)) {
    ahead.set(name, null);
    return signUp(request, { name });
  }
  const ready = ahead.get(name);
  const next = workerRequest().then((context) => signUp(context, { name }));
  // Awaited by the next test of that name; one never asked for again must not fail the worker meanwhile.
  next.catch(() => undefined);
  ahead.set(name, next);
  return ready ?? signUp(request, { name });
}

/** Per name: the account being made ahead, or null once the name was asked for (one ahead from the second time). */
const ahead = new Map<string, Promise<ApiSession> | null>();
let own: Promise<APIRequestContext> | undefined;
/**
 * The worker's own request context, for calls that outlive a test (sign-ups made ahead) or come before its browser
 * context's options are set (a fixture the storage state depends on).
 */
export const workerRequest = () => (own ??= requests.newContext({ baseURL: e2eUrl }));

async function signUp(request: APIRequestContext, input: SignUp): Promise<ApiSession> {
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
