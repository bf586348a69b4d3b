import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Appointment, ReviewBody } from '@common/schemas/appointments';
import { apiRequest } from '../../lib/api';
import { APPOINTMENT_VIEW_KEYS, queryKeys } from '../../lib/query-keys';

export function useCancelAppointment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<Appointment>('PATCH', `/api/appointments/${id}`, { status: 'cancelled' }),
    onSuccess: () => {
      // The appointment, the lists it was in and the bell all change with a cancellation.
      for (const queryKey of APPOINTMENT_VIEW_KEYS) {
        void client.invalidateQueries({ queryKey });
      }
    },
  });
}

export function useReviewAppointment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: ReviewBody & { id: string }) =>
      apiRequest('POST', `/api/appointments/${id}/review`, body),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.appointments.patient });
      // The doctor's rating and review list changed, on their page and on every card showing them.
      for (const queryKey of [queryKeys.doctors.all, queryKeys.doctors.searchAll, queryKeys.doctors.featuredAll]) {
        void client.invalidateQueries({ queryKey });
      }
    },
  });
}
