import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  accountMessageReplySchema,
  verifyEmailReplySchema,
  type ForgotPasswordRequest,
  type ResetPasswordRequest,
} from '@common/schemas/account';
import { authReplySchema } from '@common/schemas/auth';
import { takeoverPreviewSchema, type TakeoverAcceptBody } from '@common/schemas/family-takeover';
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

const takeoverPreview = endpoint('POST', '/api/family-takeovers/preview', takeoverPreviewSchema);
const takeover = endpoint('POST', '/api/family-takeovers', authReplySchema);

/**
 * What a takeover invitation hands over (decision 100). A read sent as POST: the link's token
 * travels in the body, never in an API URL. Not retried: a used link stays used.
 */
export const takeoverPreviewQuery = (token: string) =>
  queryOptions({
    queryKey: ['family-takeover-preview', token] as const,
    queryFn: () => takeoverPreview.send({ body: { token } }),
    retry: false,
    staleTime: Infinity,
  });

/** Accepting makes the account and signs this browser in as it. */
export function useAcceptTakeover() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TakeoverAcceptBody) => takeover.send({ body: input }),
    onSuccess: (reply) => client.setQueryData(queryKeys.currentUser, reply.user),
  });
}
