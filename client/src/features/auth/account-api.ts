import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AccountMessageReply,
  ForgotPasswordRequest,
  ResetPasswordRequest,
  VerifyEmailReply,
} from '@common/schemas/account';
import { apiRequest } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

export function useVerifyEmail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => apiRequest<VerifyEmailReply>('POST', '/api/auth/email/verify', { token }),
    // The address (or the whole account, after a change) is new: read the user afresh.
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.currentUser }),
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (input: ForgotPasswordRequest) =>
      apiRequest<AccountMessageReply>('POST', '/api/auth/password/forgot', input),
  });
}

export function useResetPassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ResetPasswordRequest) =>
      apiRequest<AccountMessageReply>('POST', '/api/auth/password/reset', input),
    // Every session of the account ended, this browser's too.
    onSuccess: () => client.setQueryData(queryKeys.currentUser, null),
  });
}
