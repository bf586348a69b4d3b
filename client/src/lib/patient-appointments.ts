import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoint } from './endpoint';
import { queryKeys } from './query-keys';

const getPatientAppointments = endpoint('GET', '/api/appointments/patient', () =>
  import('@common/schemas/appointments').then((m) => m.appointmentListSchema),
);

/** Payments and cancellations change them elsewhere, so every mount refetches. */
export const patientAppointmentsQuery = queryOptions({
  queryKey: queryKeys.appointments.patient,
  queryFn: () => getPatientAppointments.send(),
  staleTime: 0,
  refetchOnMount: 'always',
});

/** The signed-in patient's appointments (home's upcoming list and the appointments screen). */
export function usePatientAppointments() {
  return useQuery(patientAppointmentsQuery);
}
