import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { ConsultationType } from '@common/constants/consultation-types';
import { appointmentSchema, type AppointmentStatus } from '@common/schemas/appointments';
import {
  doctorBookPageSchema,
  proposalSchema,
  type DoctorBookEntry,
  type DoctorBookPage,
} from '@common/schemas/reschedule';
import { localDateOf } from '@common/rules/display-time';
import { availabilityQuery } from '../../lib/doctors-api';
import { endpoint } from '../../lib/endpoint';
import { queryKeys } from '../../lib/query-keys';

const getBook = endpoint('GET', '/api/doctor/appointments', doctorBookPageSchema);
const cancelAsDoctor = endpoint('POST', '/api/doctor/appointments/:id/cancel', appointmentSchema);
const proposeTime = endpoint('POST', '/api/doctor/appointments/:id/proposals', proposalSchema);
const recordOutcome = {
  complete: endpoint('POST', '/api/doctor/appointments/:id/complete', appointmentSchema),
  'no-show': endpoint('POST', '/api/doctor/appointments/:id/no-show', appointmentSchema),
};

export type BookFilters = {
  when: 'upcoming' | 'past';
  status: AppointmentStatus | '';
  type: ConsultationType | '';
};

const PAGE_SIZE = 10;

/** The book a page at a time; the server's keyset cursor says where the next page starts. */
export const useDoctorBook = (filters: BookFilters) =>
  useInfiniteQuery({
    queryKey: queryKeys.doctorBook.list(filters),
    queryFn: ({ pageParam }) =>
      getBook.send({
        query: { when: filters.when, limit: PAGE_SIZE, status: filters.status, type: filters.type, cursor: pageParam },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** Replaces one entry in every loaded page, so a changed row stays where it was in the list. */
function useReplaceEntry() {
  const client = useQueryClient();
  return (id: string, change: (entry: DoctorBookEntry) => DoctorBookEntry) => {
    client.setQueriesData<InfiniteData<DoctorBookPage>>({ queryKey: queryKeys.doctorBook.all }, (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((p) => ({ ...p, items: p.items.map((e) => (e.id === id ? change(e) : e)) })),
          }
        : data,
    );
    void client.invalidateQueries({ queryKey: queryKeys.appointments.doctorToday });
  };
}

export function useDoctorCancel() {
  const replace = useReplaceEntry();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      cancelAsDoctor.send({ params: { id }, body: { reason } }),
    onSuccess: (updated, { reason }) =>
      replace(updated.id, (e) => ({ ...e, ...updated, cancellationReason: reason, proposal: null })),
  });
}

export function useProposeTime() {
  const replace = useReplaceEntry();
  return useMutation({
    mutationFn: ({ id, date, time }: { id: string; date: string; time: string }) =>
      proposeTime.send({ params: { id }, body: { appointmentDate: date, appointmentTime: time } }),
    onSuccess: (proposal) => replace(proposal.appointmentId, (e) => ({ ...e, proposal })),
  });
}

/** What the doctor records about a visit that has started: it took place, or the patient never came. */
export type VisitOutcome = 'complete' | 'no-show';

/** The book, and the dashboard figures an outcome moves (the earning it releases). */
export function useRefreshBook() {
  const client = useQueryClient();
  return () => {
    for (const queryKey of [
      queryKeys.doctorBook.all,
      queryKeys.doctorWork.dashboardStats,
      queryKeys.doctorWork.earningStats,
      queryKeys.doctorWork.earnings,
    ])
      void client.invalidateQueries({ queryKey });
  };
}

/** The row shows its new status at once (and today's schedule refreshes), then the book is fetched again. */
export function useRecordOutcome() {
  const replace = useReplaceEntry();
  const refresh = useRefreshBook();
  return useMutation({
    mutationFn: ({ id, outcome }: { id: string; outcome: VisitOutcome }) =>
      recordOutcome[outcome].send({ params: { id } }),
    onSuccess: (updated) => {
      replace(updated.id, (e) => ({ ...e, status: updated.status, proposal: null }));
      refresh();
    },
  });
}

export const FREE_DAYS = 14;

/** The doctor's own free slots over the next two weeks, from today in their zone. */
export function useFreeSlots(doctorId: string, timeZone: string, enabled: boolean, type: ConsultationType) {
  const from = localDateOf(new Date(), timeZone);
  return useQuery({
    ...availabilityQuery(doctorId, from, { days: FREE_DAYS, type }),
    // Kept until a change invalidates it (bookings and time off invalidate doctors.all), as before.
    staleTime: undefined,
    enabled,
    select: (a) => a.slots.filter((s) => s.available),
  });
}
