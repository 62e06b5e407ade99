import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyInputOf } from '@hearth/contract/endpoint';
import * as api from '@hearth/contract/family';
import type { SessionUser } from '@hearth/contract/accounts';
import type { FamilyMember, FamilySettings } from '@hearth/contract/family';
import type { ReminderMinutes } from '@hearth/contract/reminders';
import { ApiError, call, prefetchedFreshMs } from '../../shared/api/client.ts';
import { currentUserKey } from '../../shared/useCurrentUser.ts';

/** Keys start with the live-change topic 'family', so a change from another member refetches them. */
export const familyKeys = {
  members: ['family', 'members'] as const,
  settings: ['family', 'settings'] as const,
  invites: ['family', 'invites'] as const,
  birthdays: (startDate: string, endDate: string) => ['family', 'birthdays', startDate, endDate] as const,
};

/**
 * The page's two load texts: 'Failed to ...' when the server answered with an error,
 * 'Error ...' when no answer came at all.
 */
export function loadFailure(error: unknown, failed: string, errored: string): string {
  return error instanceof ApiError ? failed : errored;
}

/** The server's message for the spec's '...: {message}' texts; otherwise what the browser reported. */
export function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The family's members; other features (lists, calendar) read them through this. */
export const membersQuery = queryOptions({
  queryKey: familyKeys.members, queryFn: () => call(api.listMembers), staleTime: prefetchedFreshMs,
});

export function useMembers() {
  return useQuery(membersQuery);
}

/** The members' birthdays in a window of the calendar; the previous window's stay on screen while the next loads. */
export function useBirthdays(window: { startDate: string; endDate: string }) {
  return useQuery({
    queryKey: familyKeys.birthdays(window.startDate, window.endDate),
    queryFn: () => call(api.listBirthdays, { query: window }),
    placeholderData: keepPreviousData,
  });
}

export const settingsQuery = queryOptions({
  queryKey: familyKeys.settings, queryFn: () => call(api.getFamilyName), staleTime: prefetchedFreshMs,
});

export function useFamilySettings() {
  return useQuery(settingsQuery);
}

export function useInvites() {
  return useQuery({ queryKey: familyKeys.invites, queryFn: () => call(api.listInvites) });
}

/** Puts one changed member into the cached list; the server's order is kept. */
function useMemberUpdated() {
  const queryClient = useQueryClient();
  return (member: FamilyMember) => {
    queryClient.setQueryData<FamilyMember[]>(familyKeys.members, (list) => list?.map((m) => (m.id === member.id ? member : m)));
    // The session user carries the own permission level, which other pages read.
    if (member.userId && member.userId === queryClient.getQueryData<SessionUser>(currentUserKey)?.id) {
      void queryClient.invalidateQueries({ queryKey: currentUserKey });
    }
  };
}

export function useAddMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyInputOf<typeof api.addMember>) => call(api.addMember, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: familyKeys.members }),
  });
}

export function useUpdateMember() {
  const queryClient = useQueryClient();
  const updated = useMemberUpdated();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: BodyInputOf<typeof api.updateMember> }) =>
      call(api.updateMember, { params: { id }, body }),
    onSuccess: (member) => {
      updated(member);
      // A new name can move the member among equal numbers.
      return queryClient.invalidateQueries({ queryKey: familyKeys.members });
    },
  });
}

export function useSetColor() {
  const updated = useMemberUpdated();
  return useMutation({
    mutationFn: ({ id, color }: { id: string; color: string }) => call(api.setMemberColor, { params: { id }, body: { color } }),
    onSuccess: updated,
  });
}

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(api.removeMember, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: familyKeys.members }),
  });
}

export function useSetOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyInputOf<typeof api.setMemberOrder>) => call(api.setMemberOrder, { body }),
    onSuccess: (members) => queryClient.setQueryData(familyKeys.members, members),
  });
}

export function useAutoAssign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(api.autoAssignNumbers),
    onSuccess: (members) => queryClient.setQueryData(familyKeys.members, members),
  });
}

/** A change of one of the family's settings; its answer is the family's settings as they now are. */
function useSettingsChange<T>(send: (value: T) => Promise<FamilySettings>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (settings) => queryClient.setQueryData<FamilySettings>(familyKeys.settings, settings),
  });
}

export const useSetFamilyName = () =>
  useSettingsChange((familyName: string) => call(api.setFamilyName, { body: { familyName } }));

export const useSetTimezone = () =>
  useSettingsChange((timezone: api.Timezone) => call(api.setTimezone, { body: { timezone } }));

export const useSetDefaultReminder = () => useSettingsChange((defaultReminderMinutes: ReminderMinutes | null) =>
  call(api.setDefaultReminder, { body: { defaultReminderMinutes } }));

export const useSetFirstDayOfWeek = () =>
  useSettingsChange((firstDayOfWeek: number) => call(api.setFirstDayOfWeek, { body: { firstDayOfWeek } }));

export function useCreateInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitedEmail: string | null) => call(api.createInvite, { body: { invitedEmail } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: familyKeys.invites }),
  });
}

export function useRevokeInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => call(api.revokeInvite, { params: { token } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: familyKeys.invites }),
  });
}

/** Deletes the family (its name typed to confirm); everything cached of it goes, and /api/me is read again. */
export function useDeleteFamily() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => call(api.deleteFamily, { body: { name } }),
    onSuccess: async () => {
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== currentUserKey[0] });
      await queryClient.invalidateQueries({ queryKey: currentUserKey });
    },
  });
}
