import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  mfaSetupReplySchema,
  mfaStatusSchema,
  recoveryCodesReplySchema,
  sessionListSchema,
  signedOutOthersSchema,
} from '@common/schemas/mfa';
import { endpoint, noContentEndpoint } from '../../lib/endpoint';
import { queryKeys } from '../../lib/query-keys';

const getMfaStatus = endpoint('GET', '/api/auth/mfa', mfaStatusSchema);
const setupTotp = endpoint('POST', '/api/auth/mfa/totp/setup', mfaSetupReplySchema);
const enableTotp = endpoint('POST', '/api/auth/mfa/totp/enable', recoveryCodesReplySchema);
const disableTotp = noContentEndpoint('POST', '/api/auth/mfa/totp/disable');
const getSessions = endpoint('GET', '/api/auth/sessions', sessionListSchema);
const endSession = noContentEndpoint('DELETE', '/api/auth/sessions/:id');
const signOutOthers = endpoint('POST', '/api/auth/sessions/sign-out-others', signedOutOthersSchema);

export const mfaStatusQuery = queryOptions({ queryKey: ['/api/auth/mfa'], queryFn: () => getMfaStatus.send() });
export const sessionsQuery = queryOptions({ queryKey: ['/api/auth/sessions'], queryFn: () => getSessions.send() });

export function useMfaStatus() {
  return useQuery(mfaStatusQuery);
}

export function useMfaSetup() {
  return useMutation({ mutationFn: () => setupTotp.send() });
}

/** Turning two-factor on or off changes what the shell knows about the user too. */
function useRefreshAccount() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: mfaStatusQuery.queryKey }),
      client.invalidateQueries({ queryKey: queryKeys.currentUser }),
    ]);
}

export function useMfaEnable() {
  const refresh = useRefreshAccount();
  return useMutation({
    // The password again: an open session alone cannot turn two-factor on (issue 37).
    mutationFn: (input: { code: string; password: string }) => enableTotp.send({ body: input }),
    onSuccess: () => refresh(),
  });
}

export function useMfaDisable() {
  const refresh = useRefreshAccount();
  return useMutation({
    mutationFn: (input: { password: string; code: string }) => disableTotp.send({ body: input }),
    onSuccess: () => refresh(),
  });
}

export function useSessions() {
  return useQuery(sessionsQuery);
}

export function useEndSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => endSession.send({ params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: sessionsQuery.queryKey }),
  });
}

export function useSignOutOthers() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => signOutOthers.send(),
    onSuccess: () => client.invalidateQueries({ queryKey: sessionsQuery.queryKey }),
  });
}
