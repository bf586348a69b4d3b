import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { precheckListSchema, precheckSchema, type PrecheckInput } from '@common/schemas/prechecks';
import { endpoint } from '../../lib/endpoint';
import { queryKeys } from '../../lib/query-keys';

const reportPrecheck = endpoint('POST', '/api/consultations/:id/precheck', precheckSchema);
const getPrechecks = endpoint('GET', '/api/consultations/:id/precheck', precheckListSchema);

export const prechecksQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.consultations.prechecks(id),
    queryFn: () => getPrechecks.send({ params: { id } }),
  });

const WAITING_POLL_MS = 5000;

/** Sends my pre-call result; joining never waits for it and a failure only means the doctor sees none. */
export function useReportPrecheck(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (result: PrecheckInput) => reportPrecheck.send({ params: { id }, body: result }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.consultations.prechecks(id) }),
  });
}

/** Both participants' results, re-read while the room waits, so the doctor sees the patient's arrive. */
export function usePrechecks(id: string, opts: { waiting: boolean; enabled: boolean }) {
  return useQuery({
    ...prechecksQuery(id),
    enabled: opts.enabled,
    refetchInterval: opts.waiting ? WAITING_POLL_MS : false,
  });
}
