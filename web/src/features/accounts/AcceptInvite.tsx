import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import * as family from '@hearth/contract/family';
import { useInvitePreview } from './invitePreview.ts';
import { messages } from './texts.ts';
import { call } from '../../shared/api/client.ts';
import { errorMessage } from '../../shared/api/errors.ts';
import { paths } from '../../shared/paths.ts';
import { ErrorBanner, Loading } from '../../shared/ui/Status.tsx';

/** A signed-in person opening an invite link: they see whose family it is and join only if they choose to. */
export function AcceptInvite({ token }: { token: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const preview = useInvitePreview(token);
  const accept = useMutation({
    mutationFn: () => call(family.acceptInvite, { params: { token } }),
    onSuccess: () => {
      navigate(paths.family, { replace: true });
      // Every cached answer belonged to the old family; the family page fetches its new one.
      queryClient.removeQueries();
    },
  });

  return (
    <section className="card stack" aria-label={messages.joinFamilyLabel}>
      {preview.isPending && <Loading />}
      {preview.isError && <ErrorBanner message={errorMessage(preview.error, messages.inviteInvalid)} />}
      {preview.data && (
        <>
          <h2>{messages.joinFamilyTitle(preview.data.familyName)}</h2>
          {preview.data.inviterName && <p>{messages.invitedBy(preview.data.inviterName)}</p>}
          <p>{messages.joinFamilyExplain}</p>
          <ErrorBanner message={accept.isError ? errorMessage(accept.error, messages.joinFailed) : null} />
          <div className="row">
            <button type="button" disabled={accept.isPending} onClick={() => accept.mutate()}>
              {accept.isPending ? messages.joining : messages.joinFamilyButton(preview.data.familyName)}
            </button>
            <Link to={paths.newsfeed}>{messages.notNow}</Link>
          </div>
        </>
      )}
    </section>
  );
}
