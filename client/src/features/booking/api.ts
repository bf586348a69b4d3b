import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConsultationType } from '@common/constants/consultation-types';
import type { Appointment, Availability, CreateAppointmentBody, Overlap } from '@common/schemas/appointments';
import { addDays } from '@common/rules/slots';
import { localDateOf } from '@common/rules/display-time';
import { apiRequest } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

export type PickableSlot = Availability['slots'][number] & { doctorDate: string };

/**
 * The slots that fall on the patient's chosen day in the patient's own zone. That day can touch
 * two of the doctor's dates, so the doctor's day before, of and after are fetched and filtered.
 * Slots change as others book, so these are always refetched.
 */
export function useSlotsForLocalDay(doctorId: string, localDate: string, enabled: boolean, type?: ConsultationType) {
  const dates = localDate ? [addDays(localDate, -1), localDate, addDays(localDate, 1)] : [];
  const results = useQueries({
    queries: dates.map((date) => ({
      queryKey: queryKeys.doctors.availability(doctorId, date, type),
      enabled,
      staleTime: 0,
    })),
  });
  const isPending = results.some((r) => r.isPending && r.fetchStatus !== 'idle');
  const isError = results.some((r) => r.isError);
  const slots: PickableSlot[] = results
    .flatMap((r) => {
      const data = r.data as Availability | undefined;
      return data ? data.slots.map((s) => ({ ...s, doctorDate: data.date })) : [];
    })
    .filter((s) => localDateOf(s.startsAt) === localDate)
    .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
  const refetch = () => results.forEach((r) => void r.refetch());
  return { slots, isPending, isError, refetch };
}

export function useBookAppointment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAppointmentBody) => apiRequest<Appointment>('POST', '/api/appointments', body),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.appointments.patient }),
  });
}

/**
 * My appointments with any doctor that overlap the visit about to be booked (GET
 * /api/appointments/overlaps). Read afresh each time: a booking or a release elsewhere changes it.
 */
export function useOverlaps(span: { startsAt: string; endsAt: string } | null) {
  return useQuery<Overlap[]>({
    queryKey: [...queryKeys.appointments.all, 'overlaps', span],
    enabled: span !== null,
    staleTime: 0,
    queryFn: () => apiRequest('GET', `/api/appointments/overlaps?${new URLSearchParams(span!).toString()}`),
  });
}
