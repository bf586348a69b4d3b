import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Precheck, PrecheckInput } from '@common/schemas/prechecks';
import { apiRequest } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

const WAITING_POLL_MS = 5000;

/** Sends my pre-call result; joining never waits for it and a failure only means the doctor sees none. */
export function useReportPrecheck(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (result: PrecheckInput) => apiRequest<Precheck>('POST', `/api/consultations/${id}/precheck`, result),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.consultations.prechecks(id) }),
  });
}

/** Both participants' results, re-read while the room waits, so the doctor sees the patient's arrive. */
export function usePrechecks(id: string, opts: { waiting: boolean; enabled: boolean }) {
  return useQuery<Precheck[]>({
    queryKey: queryKeys.consultations.prechecks(id),
    enabled: opts.enabled,
    refetchInterval: opts.waiting ? WAITING_POLL_MS : false,
  });
}
