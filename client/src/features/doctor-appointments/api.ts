import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { ConsultationType } from '@common/constants/consultation-types';
import type { Appointment, AppointmentStatus, Availability } from '@common/schemas/appointments';
import type { DoctorBookEntry, DoctorBookPage, Proposal } from '@common/schemas/reschedule';
import { localDateOf } from '@common/rules/display-time';
import { apiRequest } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

export type BookFilters = {
  when: 'upcoming' | 'past';
  status: AppointmentStatus | '';
  type: ConsultationType | '';
};

const PAGE_SIZE = 10;

function bookUrl(f: BookFilters, cursor: string | null): string {
  const q = new URLSearchParams({ when: f.when, limit: String(PAGE_SIZE) });
  if (f.status) q.set('status', f.status);
  if (f.type) q.set('type', f.type);
  if (cursor) q.set('cursor', cursor);
  return `/api/doctor/appointments?${q.toString()}`;
}

/** The book a page at a time; the server's keyset cursor says where the next page starts. */
export const useDoctorBook = (filters: BookFilters) =>
  useInfiniteQuery({
    queryKey: queryKeys.doctorBook.list(filters),
    queryFn: ({ pageParam }) => apiRequest<DoctorBookPage>('GET', bookUrl(filters, pageParam)),
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
      apiRequest<Appointment>('POST', `/api/doctor/appointments/${id}/cancel`, { reason }),
    onSuccess: (updated, { reason }) =>
      replace(updated.id, (e) => ({ ...e, ...updated, cancellationReason: reason, proposal: null })),
  });
}

export function useProposeTime() {
  const replace = useReplaceEntry();
  return useMutation({
    mutationFn: ({ id, date, time }: { id: string; date: string; time: string }) =>
      apiRequest<Proposal>('POST', `/api/doctor/appointments/${id}/proposals`, {
        appointmentDate: date,
        appointmentTime: time,
      }),
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
      apiRequest<Appointment>('POST', `/api/doctor/appointments/${id}/${outcome}`),
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
    queryKey: queryKeys.doctors.availabilityDays(doctorId, from, FREE_DAYS, type),
    queryFn: () =>
      apiRequest<Availability>(
        'GET',
        `/api/doctors/${doctorId}/availability?date=${from}&days=${FREE_DAYS}&type=${type}`,
      ),
    enabled,
    select: (a) => a.slots.filter((s) => s.available),
  });
}
