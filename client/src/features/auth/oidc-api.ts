import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { browserTimeZone } from '@common/rules/display-time';
import type { OidcPendingSignup, OidcSignupReply, OidcSignupRequest, OidcStatus } from '@common/schemas/oidc';
import { apiRequest } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

export function useOidcProvider() {
  return useQuery<OidcStatus>({ queryKey: queryKeys.oidc });
}

/** A full-page navigation: the server sends the browser on to the provider. */
export function startOidcSignIn(returnTo: string) {
  window.location.assign(`/api/auth/oidc/start?returnTo=${encodeURIComponent(returnTo)}`);
}

export function usePendingSignup() {
  return useQuery<OidcPendingSignup>({ queryKey: queryKeys.oidcSignup });
}

export function useFinishSignup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: OidcSignupRequest) =>
      apiRequest<OidcSignupReply>('POST', '/api/auth/oidc/signup', { timeZone: browserTimeZone(), ...input }),
    onSuccess: (reply) => {
      client.setQueryData(queryKeys.currentUser, reply.user);
      client.setQueryData(queryKeys.oidcSignup, { signup: null });
    },
  });
}
