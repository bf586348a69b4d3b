import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MfaSetupReply, MfaStatus, RecoveryCodesReply, SessionInfo } from '@common/schemas/mfa';
import { apiGet, apiRequest } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

const MFA_KEY = ['/api/auth/mfa'];
const SESSIONS_KEY = ['/api/auth/sessions'];

export function useMfaStatus() {
  return useQuery<MfaStatus>({ queryKey: MFA_KEY, queryFn: () => apiGet<MfaStatus>('/api/auth/mfa') });
}

export function useMfaSetup() {
  return useMutation({ mutationFn: () => apiRequest<MfaSetupReply>('POST', '/api/auth/mfa/totp/setup') });
}

/** Turning two-factor on or off changes what the shell knows about the user too. */
function useRefreshAccount() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: MFA_KEY }),
      client.invalidateQueries({ queryKey: queryKeys.currentUser }),
    ]);
}

export function useMfaEnable() {
  const refresh = useRefreshAccount();
  return useMutation({
    // The password again: an open session alone cannot turn two-factor on (issue 37).
    mutationFn: (input: { code: string; password: string }) =>
      apiRequest<RecoveryCodesReply>('POST', '/api/auth/mfa/totp/enable', input),
    onSuccess: () => refresh(),
  });
}

export function useMfaDisable() {
  const refresh = useRefreshAccount();
  return useMutation({
    mutationFn: (input: { password: string; code: string }) =>
      apiRequest<void>('POST', '/api/auth/mfa/totp/disable', input),
    onSuccess: () => refresh(),
  });
}

export function useSessions() {
  return useQuery<{ sessions: SessionInfo[] }>({
    queryKey: SESSIONS_KEY,
    queryFn: () => apiGet<{ sessions: SessionInfo[] }>('/api/auth/sessions'),
  });
}

export function useEndSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>('DELETE', `/api/auth/sessions/${encodeURIComponent(id)}`),
    onSuccess: () => client.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}

export function useSignOutOthers() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<{ ended: number }>('POST', '/api/auth/sessions/sign-out-others'),
    onSuccess: () => client.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}
