import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminDisputeListSchema,
  outcomeHoldSchema,
  type AdminDispute,
  type ResolveDisputeBody,
} from '@common/schemas/disputes';
import { apiGet, apiRequest } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

/** The open disputes, oldest first (`GET /api/admin/disputes`), the reply checked against its schema. */
export const openDisputesQuery = () =>
  queryOptions({
    queryKey: queryKeys.admin.listAll('disputes'),
    queryFn: async (): Promise<AdminDispute[]> =>
      adminDisputeListSchema.parse(await apiGet<unknown>('/api/admin/disputes')),
  });

export const useOpenDisputes = () => useQuery(openDisputesQuery());

/**
 * An administrator's decision on a dispute: refund the patient or release the doctor's share. The
 * payments, payouts and audit lists move with it, so everything under the console refreshes.
 */
export function useResolveDispute() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: ResolveDisputeBody }) =>
      outcomeHoldSchema.parse(await apiRequest<unknown>('POST', `/api/admin/disputes/${id}/resolve`, body)),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.admin.all }),
  });
}
