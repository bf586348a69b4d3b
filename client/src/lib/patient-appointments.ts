import { useQuery } from '@tanstack/react-query';
import type { Appointment } from '@common/schemas/appointments';
import { queryKeys } from './query-keys';

/**
 * The signed-in patient's appointments (home's upcoming list and the appointments screen).
 * Payments and cancellations change them elsewhere, so every mount refetches.
 */
export function usePatientAppointments() {
  return useQuery<Appointment[]>({
    queryKey: queryKeys.appointments.patient,
    staleTime: 0,
    refetchOnMount: 'always',
  });
}
