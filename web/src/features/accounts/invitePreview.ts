import { useEffect } from 'react';
import type { Path, PathValue, UseFormReturn } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import * as family from '@hearth/contract/family';
import { call } from '../../shared/api/client.ts';

/** Whose family an invite link leads to and who sent it (nothing is asked without a token). */
export function useInvitePreview(token: string | null) {
  return useQuery({
    queryKey: ['family', 'invite', token],
    queryFn: () => call(family.previewInvite, { params: { token: token! } }),
    enabled: token !== null,
    retry: false,
  });
}

/** The email an invite was sent to, put into a form's email field once known, unless something was typed there first. */
export function usePrefilledEmail<T extends { email: string }>(invitedEmail: string | null | undefined,
  { getValues, setValue }: Pick<UseFormReturn<T>, 'getValues' | 'setValue'>) {
  // react-hook-form's getValues and setValue keep their identity: only the invited email arriving runs the effect.
  useEffect(() => {
    const email = 'email' as Path<T>;
    if (invitedEmail && !getValues(email)) setValue(email, invitedEmail as PathValue<T, Path<T>>);
  }, [invitedEmail, getValues, setValue]);
}
