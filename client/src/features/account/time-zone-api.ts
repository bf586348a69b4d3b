import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser, TimeZoneRequest } from '@common/schemas/auth';
import { endpoint } from '../../lib/endpoint';
import { queryKeys } from '../../lib/query-keys';

// The shell's clock uses this on every page: the schema comes with the request, not in the entry script.
const putTimeZone = endpoint('PUT', '/api/auth/time-zone', () =>
  import('@common/schemas/auth').then((m) => m.currentUserSchema),
);

/**
 * Sets the account's zone; the answer is the current user, so every screen re-reads its clock at
 * once. That redraws the pages (they are keyed by the zone), the caller's among them, so what the
 * caller wants to say afterwards goes in `onSaved`, which runs whether or not it is still mounted.
 */
export function useSetTimeZone({ onSaved }: { onSaved?: (user: CurrentUser) => void } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TimeZoneRequest) => putTimeZone.send({ body: input }),
    onSuccess: (user) => {
      onSaved?.(user);
      client.setQueryData(queryKeys.currentUser, user);
      // The server counts a doctor's "today" in this zone.
      for (const queryKey of [queryKeys.appointments.doctorToday, queryKeys.doctorWork.dashboardStats])
        void client.invalidateQueries({ queryKey });
    },
  });
}
