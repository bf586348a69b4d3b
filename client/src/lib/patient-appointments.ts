import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { AppointmentPageWhen } from '@common/schemas/appointment-pages';
import type { Appointment } from '@common/schemas/appointments';
import { endpoint } from './endpoint';
import { queryKeys } from './query-keys';

const pages = () => import('@common/schemas/appointment-pages');
const getPage = endpoint('GET', '/api/patient/appointments', () => pages().then((m) => m.patientAppointmentPageSchema));
const getOne = endpoint('GET', '/api/appointments/:id', () =>
  import('@common/schemas/appointments').then((m) => m.appointmentSchema),
);
const getDoctors = endpoint('GET', '/api/patient/doctors', () => pages().then((m) => m.seenDoctorListSchema));

/** Visits per page: more than a patient usually has ahead, so most see their upcoming list whole. */
export const PATIENT_PAGE_SIZE = 20;

/**
 * The signed-in patient's upcoming or past appointments, a page at a time (the server's keyset
 * cursor says where the next starts). Payments and cancellations change them elsewhere, so every
 * mount refetches.
 */
export const patientAppointmentsQuery = (when: AppointmentPageWhen) =>
  infiniteQueryOptions({
    queryKey: queryKeys.appointments.patientPages(when),
    queryFn: ({ pageParam }) => getPage.send({ query: { when, limit: PATIENT_PAGE_SIZE, cursor: pageParam } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
    refetchOnMount: 'always',
  });

/** The loaded pages as one list. */
export const itemsOf = (data: { pages: { items: Appointment[] }[] } | undefined): Appointment[] =>
  data?.pages.flatMap((p) => p.items) ?? [];

export function usePatientAppointments(when: AppointmentPageWhen) {
  return useInfiniteQuery(patientAppointmentsQuery(when));
}

/** The doctors the patient has had a paid visit with (whom they may write to or share with). */
export const seenDoctorsQuery = queryOptions({
  queryKey: queryKeys.appointments.patientDoctors,
  queryFn: () => getDoctors.send(),
  staleTime: 0,
  refetchOnMount: 'always',
});

export function useSeenDoctors(enabled = true) {
  return useQuery({ ...seenDoctorsQuery, enabled });
}

/** One appointment of mine (checkout's summary, a proposal for a visit not on a loaded page). */
export const appointmentQuery = (appointmentId: string) =>
  queryOptions({
    queryKey: queryKeys.appointments.one(appointmentId),
    queryFn: () => getOne.send({ params: { id: appointmentId } }),
  });
