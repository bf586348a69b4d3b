import { useMutation } from '@tanstack/react-query';
import type { AccountMessageReply, ChangeEmailRequest, ChangePasswordRequest } from '@common/schemas/account';
import { apiRequest } from '../../lib/api';

export function useChangePassword() {
  return useMutation({
    mutationFn: (input: ChangePasswordRequest) =>
      apiRequest<AccountMessageReply>('POST', '/api/auth/password/change', input),
  });
}

export function useChangeEmail() {
  return useMutation({
    mutationFn: (input: ChangeEmailRequest) => apiRequest<AccountMessageReply>('POST', '/api/auth/email/change', input),
  });
}
