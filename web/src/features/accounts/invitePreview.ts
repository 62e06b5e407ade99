import { useEffect, useRef } from 'react';
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

/** The email an invite was sent to, put into an email field once known, unless something was typed there first. */
export function usePrefilledEmail(invitedEmail: string | null | undefined, fill: (update: (typed: string) => string) => void) {
  // The latest `fill` is used, but only the invited email arriving runs the effect (callers pass a new function each render).
  const latestFill = useRef(fill);
  latestFill.current = fill;
  useEffect(() => {
    if (invitedEmail) latestFill.current((typed) => typed || invitedEmail);
  }, [invitedEmail]);
}
