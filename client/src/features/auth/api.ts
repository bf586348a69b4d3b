import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { authReplySchema, type LoginRequest, type RegisterRequest } from '@common/schemas/auth';
import { browserTimeZone } from '@common/rules/display-time';
import { loginReplySchema } from '@common/schemas/mfa';
import { endpoint } from '../../lib/endpoint';
import { queryKeys } from '../../lib/query-keys';
import { appConfigQuery } from '../../lib/shared-api';

const login = endpoint('POST', '/api/auth/login', loginReplySchema);
const verifyMfa = endpoint('POST', '/api/auth/mfa/verify', authReplySchema);
const register = endpoint('POST', '/api/auth/register', authReplySchema);

export function useAppConfig() {
  return useQuery(appConfigQuery);
}

// Signing in or up answers the user, which becomes the current user (../../lib/current-user.ts) at once.

export function useLogin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginRequest) => login.send({ body: input }),
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
    mutationFn: (code: string) => verifyMfa.send({ body: { code } }),
    onSuccess: (reply) => client.setQueryData(queryKeys.currentUser, reply.user),
  });
}

export function useRegister() {
  const client = useQueryClient();
  return useMutation({
    // The browser's zone goes with the sign-up, so the first e-mail already reads in the person's clock.
    mutationFn: (input: RegisterRequest) => register.send({ body: { timeZone: browserTimeZone(), ...input } }),
    onSuccess: (reply) => client.setQueryData(queryKeys.currentUser, reply.user),
  });
}
