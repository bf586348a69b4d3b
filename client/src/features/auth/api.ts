import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuthReply, LoginRequest, RegisterRequest } from '@common/schemas/auth';
import { browserTimeZone } from '@common/rules/display-time';
import type { AppConfig } from '@common/schemas/meta';
import type { LoginReply } from '@common/schemas/mfa';
import { apiRequest } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

export function useAppConfig() {
  return useQuery<AppConfig>({ queryKey: queryKeys.appConfig });
}

// Signing in or up answers the user, which becomes the current user (../../lib/current-user.ts) at once.

export function useLogin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginRequest) => apiRequest<LoginReply>('POST', '/api/auth/login', input),
    // With two-factor on, the reply is { mfaRequired } and nobody is signed in yet.
    onSuccess: (reply) => {
      if ('user' in reply) client.setQueryData(queryKeys.currentUser, reply.user);
    },
  });
}

/** The second step of a sign-in: a code from the app or a recovery code. */
export function useMfaVerify() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => apiRequest<AuthReply>('POST', '/api/auth/mfa/verify', { code }),
    onSuccess: (reply) => client.setQueryData(queryKeys.currentUser, reply.user),
  });
}

export function useRegister() {
  const client = useQueryClient();
  return useMutation({
    // The browser's zone goes with the sign-up, so the first e-mail already reads in the person's clock.
    mutationFn: (input: RegisterRequest) =>
      apiRequest<AuthReply>('POST', '/api/auth/register', { timeZone: browserTimeZone(), ...input }),
    onSuccess: (reply) => client.setQueryData(queryKeys.currentUser, reply.user),
  });
}
