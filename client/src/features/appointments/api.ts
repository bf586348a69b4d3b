import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Appointment, ReviewBody } from '@common/schemas/appointments';
import { apiRequest } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

export function useCancelAppointment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<Appointment>('PATCH', `/api/appointments/${id}`, { status: 'cancelled' }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.appointments.patient }),
  });
}

export function useReviewAppointment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: ReviewBody & { id: string }) =>
      apiRequest('POST', `/api/appointments/${id}/review`, body),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.appointments.patient });
      // The doctor's rating and review list changed.
      void client.invalidateQueries({ queryKey: queryKeys.doctors.all });
    },
  });
}
