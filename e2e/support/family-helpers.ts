import type { APIRequestContext } from '@playwright/test';
import { signUpViaApi, type ApiSession } from './session.ts';

export interface ApiMember {
  id: string;
  userId: string | null;
  name: string;
  permissionLevel: string;
  color: string;
  memberNumber: number | null;
}

const auth = (s: ApiSession) => ({ authorization: `Bearer ${s.token}` });

async function ok<T>(what: string, res: { ok(): boolean; status(): number; text(): Promise<string>; json(): Promise<unknown> }): Promise<T> {
  if (!res.ok()) throw new Error(`${what}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

/** The token an invite link carries: /auth?invite=TOKEN. */
export function inviteTokenOf(inviteUrl: string): string {
  const token = new URL(inviteUrl).searchParams.get('invite');
  if (!token) throw new Error(`No invite token in ${inviteUrl}`);
  return token;
}

export async function familyMembersViaApi(request: APIRequestContext, s: ApiSession): Promise<ApiMember[]> {
  return ok('members', await request.get('/api/family-members', { headers: auth(s) }));
}

/** A new user who joins the admin's family through an invite link, then gets `level`. */
export async function joinFamilyViaApi(
  request: APIRequestContext, admin: ApiSession, input: { name: string; level: 'EDIT' | 'READ_ONLY' },
): Promise<ApiSession> {
  const invite = await ok<{ inviteUrl: string }>('invite', await request.post('/api/family/invite', {
    headers: auth(admin), data: { invitedEmail: null },
  }));
  const member = await signUpViaApi(request, { name: input.name, inviteToken: inviteTokenOf(invite.inviteUrl) });
  if (input.level !== 'EDIT') {
    const own = (await familyMembersViaApi(request, admin)).find((m) => m.userId === member.user.id);
    if (!own) throw new Error('joined member not found');
    await ok('set level', await request.put(`/api/family-members/${own.id}`, {
      headers: auth(admin), data: { name: input.name, permissionLevel: input.level },
    }));
  }
  return member;
}
