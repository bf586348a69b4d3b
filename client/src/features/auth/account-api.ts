import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  accountMessageReplySchema,
  verifyEmailReplySchema,
  type ForgotPasswordRequest,
  type ResetPasswordRequest,
} from '@common/schemas/account';
import { endpoint } from '../../lib/endpoint';
import { queryKeys } from '../../lib/query-keys';

const verifyEmail = endpoint('POST', '/api/auth/email/verify', verifyEmailReplySchema);
const forgotPassword = endpoint('POST', '/api/auth/password/forgot', accountMessageReplySchema);
const resetPassword = endpoint('POST', '/api/auth/password/reset', accountMessageReplySchema);

export function useVerifyEmail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => verifyEmail.send({ body: { token } }),
    // The address (or the whole account, after a change) is new: read the user afresh.
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.currentUser }),
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (input: ForgotPasswordRequest) => forgotPassword.send({ body: input }),
  });
}

export function useResetPassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ResetPasswordRequest) => resetPassword.send({ body: input }),
    // Every session of the account ended, this browser's too.
    onSuccess: () => client.setQueryData(queryKeys.currentUser, null),
  });
}
