import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser, TimeZoneRequest } from '@common/schemas/auth';
import { apiRequest } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

/**
 * Sets the account's zone; the answer is the current user, so every screen re-reads its clock at
 * once. That redraws the pages (they are keyed by the zone), the caller's among them, so what the
 * caller wants to say afterwards goes in `onSaved`, which runs whether or not it is still mounted.
 */
export function useSetTimeZone({ onSaved }: { onSaved?: (user: CurrentUser) => void } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TimeZoneRequest) => apiRequest<CurrentUser>('PUT', '/api/auth/time-zone', input),
    onSuccess: (user) => {
      onSaved?.(user);
      client.setQueryData(queryKeys.currentUser, user);
      // The server counts a doctor's "today" in this zone.
      for (const queryKey of [queryKeys.appointments.doctorToday, queryKeys.doctorWork.dashboardStats])
        void client.invalidateQueries({ queryKey });
    },
  });
}
