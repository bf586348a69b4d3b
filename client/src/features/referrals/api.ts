import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateReferral, Referral, ReferralSummary, Wallet } from '@common/schemas/referrals';
import { apiRequest } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

export const useReferrals = () => useQuery<Referral[]>({ queryKey: queryKeys.referrals.list });
export const useReferralSummary = () => useQuery<ReferralSummary>({ queryKey: queryKeys.referrals.summary });
/** The wallet's lines, newest first, each with the balance it left. */
export const useWallet = () => useQuery<Wallet>({ queryKey: queryKeys.wallet });

export function useSendReferral() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateReferral) => apiRequest<Referral>('POST', '/api/referrals', input),
    onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.referrals.list }),
  });
}
