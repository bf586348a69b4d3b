import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { browserTimeZone } from '@common/rules/display-time';
import {
  oidcPendingSignupSchema,
  oidcSignupReplySchema,
  oidcStatusSchema,
  type OidcSignupRequest,
} from '@common/schemas/oidc';
import { endpoint } from '../../lib/endpoint';
import { queryKeys } from '../../lib/query-keys';

const getOidcStatus = endpoint('GET', '/api/auth/oidc', oidcStatusSchema);
const getPendingSignup = endpoint('GET', '/api/auth/oidc/signup', oidcPendingSignupSchema);
const finishSignup = endpoint('POST', '/api/auth/oidc/signup', oidcSignupReplySchema);

export const oidcProviderQuery = queryOptions({ queryKey: queryKeys.oidc, queryFn: () => getOidcStatus.send() });
export const pendingSignupQuery = queryOptions({
  queryKey: queryKeys.oidcSignup,
  queryFn: () => getPendingSignup.send(),
});

export function useOidcProvider() {
  return useQuery(oidcProviderQuery);
}

/** A full-page navigation: the server sends the browser on to the provider. */
export function startOidcSignIn(returnTo: string) {
  window.location.assign(`/api/auth/oidc/start?returnTo=${encodeURIComponent(returnTo)}`);
}

export function usePendingSignup() {
  return useQuery(pendingSignupQuery);
}

export function useFinishSignup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: OidcSignupRequest) => finishSignup.send({ body: { timeZone: browserTimeZone(), ...input } }),
    onSuccess: (reply) => {
      client.setQueryData(queryKeys.currentUser, reply.user);
      client.setQueryData(pendingSignupQuery.queryKey, { signup: null });
    },
  });
}
