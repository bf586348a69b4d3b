import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WaitlistBody } from '@common/schemas/waitlist';
import { endpoint, noContentEndpoint } from './endpoint';
import { APPOINTMENT_VIEW_KEYS } from './query-keys';

// The schemas arrive with the first request that needs them, not in the shared chunk every page loads.
const schemas = () => import('@common/schemas/waitlist');

const listEntries = endpoint('GET', '/api/waitlist', () => schemas().then((m) => m.waitlistEntryListSchema));
const joinLine = endpoint('POST', '/api/waitlist', () => schemas().then((m) => m.waitlistEntrySchema));
const leaveLine = noContentEndpoint('DELETE', '/api/waitlist/:id');

const WAITLIST_KEY = ['/api/waitlist'] as const;

export const waitlistQuery = queryOptions({ queryKey: WAITLIST_KEY, queryFn: () => listEntries.send() });

export function useWaitlist(enabled = true) {
  return useQuery({ ...waitlistQuery, enabled });
}

/** Joining may be offered a free slot at once: an unpaid booking appears among my appointments. */
function useRefresh() {
  const client = useQueryClient();
  return () => {
    for (const queryKey of [WAITLIST_KEY, ...APPOINTMENT_VIEW_KEYS]) void client.invalidateQueries({ queryKey });
  };
}

export function useJoinWaitlist() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (body: WaitlistBody) => joinLine.send({ body }), onSuccess: refresh });
}

export function useLeaveWaitlist() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (id: string) => leaveLine.send({ params: { id } }), onSuccess: refresh });
}
