import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Appointment, ReviewBody } from '@common/schemas/appointments';
import { apiRequest } from '../../lib/api';

export const PATIENT_APPOINTMENTS_KEY = ['/api/appointments/patient'];

export function usePatientAppointments() {
  return useQuery<Appointment[]>({ queryKey: PATIENT_APPOINTMENTS_KEY, staleTime: 0, refetchOnMount: 'always' });
}

export function useCancelAppointment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<Appointment>('PATCH', `/api/appointments/${id}`, { status: 'cancelled' }),
    onSuccess: () => client.invalidateQueries({ queryKey: PATIENT_APPOINTMENTS_KEY }),
  });
}

export function useReviewAppointment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: ReviewBody & { id: string }) =>
      apiRequest('POST', `/api/appointments/${id}/review`, body),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: PATIENT_APPOINTMENTS_KEY });
      // The doctor's rating and review list changed.
      void client.invalidateQueries({ queryKey: ['/api/doctors'] });
    },
  });
}
