import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  referralListSchema,
  referralSchema,
  referralSummarySchema,
  type CreateReferral,
} from '@common/schemas/referrals';
import { endpoint } from '../../lib/endpoint';
import { queryKeys } from '../../lib/query-keys';
import { walletQuery } from '../../lib/shared-api';

const getReferrals = endpoint('GET', '/api/referrals', referralListSchema);
const getSummary = endpoint('GET', '/api/referrals/summary', referralSummarySchema);
const sendReferral = endpoint('POST', '/api/referrals', referralSchema);

export const referralsQuery = queryOptions({ queryKey: queryKeys.referrals.list, queryFn: () => getReferrals.send() });
export const referralSummaryQuery = queryOptions({
  queryKey: queryKeys.referrals.summary,
  queryFn: () => getSummary.send(),
});

export const useReferrals = () => useQuery(referralsQuery);
export const useReferralSummary = () => useQuery(referralSummaryQuery);
/** The wallet's lines, newest first, each with the balance it left. */
export const useWallet = () => useQuery(walletQuery);

export function useSendReferral() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateReferral) => sendReferral.send({ body: input }),
    onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.referrals.list }),
  });
}
