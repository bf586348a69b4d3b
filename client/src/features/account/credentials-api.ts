import { useMutation } from '@tanstack/react-query';
import {
  accountMessageReplySchema,
  type ChangeEmailRequest,
  type ChangePasswordRequest,
} from '@common/schemas/account';
import { endpoint } from '../../lib/endpoint';

const changePassword = endpoint('POST', '/api/auth/password/change', accountMessageReplySchema);
const changeEmail = endpoint('POST', '/api/auth/email/change', accountMessageReplySchema);

export function useChangePassword() {
  return useMutation({
    mutationFn: (input: ChangePasswordRequest) => changePassword.send({ body: input }),
  });
}

export function useChangeEmail() {
  return useMutation({
    mutationFn: (input: ChangeEmailRequest) => changeEmail.send({ body: input }),
  });
}
