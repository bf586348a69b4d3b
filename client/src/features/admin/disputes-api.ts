import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminDisputeListSchema, outcomeHoldSchema, type ResolveDisputeBody } from '@common/schemas/disputes';
import { endpoint } from '../../lib/endpoint';
import { queryKeys } from '../../lib/query-keys';

const listDisputes = endpoint('GET', '/api/admin/disputes', adminDisputeListSchema);
const resolveDispute = endpoint('POST', '/api/admin/disputes/:id/resolve', outcomeHoldSchema);

/** The open disputes, oldest first, the reply checked against its schema. */
export const openDisputesQuery = () =>
  queryOptions({ queryKey: queryKeys.admin.listAll('disputes'), queryFn: () => listDisputes.send() });

export const useOpenDisputes = () => useQuery(openDisputesQuery());

/**
 * An administrator's decision on a dispute: refund the patient or release the doctor's share. The
 * payments, payouts and audit lists move with it, so everything under the console refreshes.
 */
export function useResolveDispute() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ResolveDisputeBody }) =>
      resolveDispute.send({ params: { id }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.admin.all }),
  });
}
