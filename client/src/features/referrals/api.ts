import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateReferral, Referral, ReferralSummary } from '@common/schemas/referrals';
import { apiRequest } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

export const useReferrals = () => useQuery<Referral[]>({ queryKey: queryKeys.referrals.list });
export const useReferralSummary = () => useQuery<ReferralSummary>({ queryKey: queryKeys.referrals.summary });

export function useSendReferral() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateReferral) => apiRequest<Referral>('POST', '/api/referrals', input),
    onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.referrals.list }),
  });
}
