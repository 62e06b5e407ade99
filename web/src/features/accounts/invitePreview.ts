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
