import type { APIRequestContext } from '@playwright/test';
import { signUpViaApi, type ApiSession } from './session.ts';

const auth = (s: ApiSession) => ({ authorization: `Bearer ${s.token}` });

async function ok<T>(what: string, res: { ok(): boolean; status(): number; text(): Promise<string>; json(): Promise<T> }) {
  if (!res.ok()) throw new Error(`${what}: ${res.status()} ${await res.text()}`);
  return res.json();
}

export async function createListViaApi(request: APIRequestContext, s: ApiSession, title: string): Promise<{ id: string; title: string }> {
  return ok('create list', await request.post('/api/grocery-lists', {
    headers: auth(s), data: { familyId: s.user.familyId, title },
  }));
}

export async function listItemsViaApi(request: APIRequestContext, s: ApiSession, listId: string) {
  return ok<Array<{ name: string; quantity: number | null; unit: string | null; isPurchased: boolean; addedFromRecipeId: string | null }>>(
    'list items', await request.get(`/api/grocery/list/${listId}`, { headers: auth(s) }),
  );
}

export async function createMealViaApi(
  request: APIRequestContext, s: ApiSession, meal: { name: string; prepTime?: number; totalTime?: number; ingredients?: Array<{ name: string }> },
): Promise<{ id: string; name: string }> {
  return ok('create meal', await request.post('/api/meals', {
    headers: auth(s), data: { ingredients: [], ...meal, familyId: s.user.familyId },
  }));
}

/** Signs up a member of the admin's family through an invite, then sets the member's permission level. */
export async function addMemberViaApi(
  request: APIRequestContext, admin: ApiSession, level: 'EDIT' | 'READ_ONLY',
): Promise<ApiSession> {
  const invite = await ok<{ token: string }>('invite', await request.post('/api/family/invite', {
    headers: auth(admin), data: { invitedEmail: null },
  }));
  const member = await signUpViaApi(request, { name: `${level} Member`, inviteToken: invite.token });
  const members = await ok<Array<{ id: string; userId: string | null; name: string; email: string | null }>>(
    'members', await request.get('/api/family-members', { headers: auth(admin) }),
  );
  const record = members.find((m) => m.userId === member.user.id);
  if (!record) throw new Error('invited member not found in the family');
  await ok('set level', await request.put(`/api/family-members/${record.id}`, {
    headers: auth(admin), data: { name: record.name, email: record.email, birthday: null, permissionLevel: level },
  }));
  return { ...member, user: { ...member.user, familyId: admin.user.familyId, permissionLevel: level } };
}
