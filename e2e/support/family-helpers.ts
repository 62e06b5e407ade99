import type { APIRequestContext } from '@playwright/test';
import * as family from '@hearth/contract/family';
import { callApi } from './api.ts';
import { signUpViaApi, type ApiSession } from './session.ts';

/** The token an invite link carries: /auth?invite=TOKEN. */
export function inviteTokenOf(inviteUrl: string): string {
  const token = new URL(inviteUrl).searchParams.get('invite');
  if (!token) throw new Error(`No invite token in ${inviteUrl}`);
  return token;
}

export async function familyMembersViaApi(request: APIRequestContext, s: ApiSession): Promise<family.FamilyMember[]> {
  return callApi(request, family.listMembers, { token: s.token });
}

/** A new user who joins the admin's family through an invite link, then gets `level` (and a session saying so). */
export async function joinFamilyViaApi(
  request: APIRequestContext, admin: ApiSession, input: { name: string; level: 'EDIT' | 'READ_ONLY' },
): Promise<ApiSession> {
  const invite = await callApi(request, family.createInvite, { token: admin.token, body: { invitedEmail: null } });
  const member = await signUpViaApi(request, { name: input.name, inviteToken: inviteTokenOf(invite.inviteUrl) });
  if (input.level !== 'EDIT') {
    const own = (await familyMembersViaApi(request, admin)).find((m) => m.userId === member.user.id);
    if (!own) throw new Error('joined member not found');
    await callApi(request, family.updateMember, {
      token: admin.token, params: { id: own.id }, body: { name: input.name, permissionLevel: input.level },
    });
  }
  return { ...member, user: { ...member.user, familyId: admin.user.familyId, permissionLevel: input.level } };
}
