import type { APIRequestContext, Page } from '@playwright/test';
import { asOwnClient, linkIn, password, uniqueEmail, waitForMail } from './hearth.ts';

export interface ApiSession {
  token: string;
  user: { id: string; name: string; email: string; familyId: string | null; permissionLevel: string | null; createdAt: string };
  email: string;
  password: string;
}

/** Registers through the API, follows the mailed verification link, and signs in. */
export async function signUpViaApi(
  request: APIRequestContext, input: { name?: string; email?: string; inviteToken?: string } = {},
): Promise<ApiSession> {
  const email = input.email ?? uniqueEmail();
  const headers = asOwnClient();
  const reg = await request.post('/api/register', {
    headers,
    data: { email, name: input.name ?? 'E2E User', password, inviteToken: input.inviteToken ?? null },
  });
  if (reg.status() !== 201) throw new Error(`register: ${reg.status()} ${await reg.text()}`);
  const mail = await waitForMail(email, /Verify/);
  const token = new URL(linkIn(mail.text, '/verify-email')).searchParams.get('token');
  const verified = await request.post('/api/auth/verify-email', { headers, data: { token } });
  if (!verified.ok()) throw new Error(`verify: ${verified.status()} ${await verified.text()}`);
  return signInViaApi(request, email);
}

export async function signInViaApi(request: APIRequestContext, email: string): Promise<ApiSession> {
  const login = await request.post('/api/login', { headers: asOwnClient(), data: { email, password } });
  if (!login.ok()) throw new Error(`login: ${login.status()} ${await login.text()}`);
  const body = await login.json();
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
