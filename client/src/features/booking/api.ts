import { queryOptions, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConsultationType } from '@common/constants/consultation-types';
import { appointmentSchema, overlapListSchema, type CreateAppointmentBody } from '@common/schemas/appointments';
import type { Availability } from '@common/schemas/availability';
import { addDays } from '@common/rules/slots';
import { localDateOf } from '@common/rules/display-time';
import { availabilityQuery } from '../../lib/doctors-api';
import { endpoint } from '../../lib/endpoint';
import { queryKeys } from '../../lib/query-keys';

const bookAppointment = endpoint('POST', '/api/appointments', appointmentSchema);
const getOverlaps = endpoint('GET', '/api/appointments/overlaps', overlapListSchema);

export type PickableSlot = Availability['slots'][number] & { doctorDate: string };

/**
 * The slots that fall on the patient's chosen day in the patient's own zone. That day can touch
 * two of the doctor's dates, so the doctor's day before, of and after are fetched and filtered.
 * Slots change as others book, so these are always refetched.
 */
export function useSlotsForLocalDay(doctorId: string, localDate: string, enabled: boolean, type?: ConsultationType) {
  const dates = localDate ? [addDays(localDate, -1), localDate, addDays(localDate, 1)] : [];
  const results = useQueries({
    queries: dates.map((date) => ({ ...availabilityQuery(doctorId, date, { type }), enabled })),
  });
  const isPending = results.some((r) => r.isPending && r.fetchStatus !== 'idle');
  const isError = results.some((r) => r.isError);
  const slots: PickableSlot[] = results
    .flatMap((r) => {
      const data: Availability | undefined = r.data;
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
    mutationFn: (body: CreateAppointmentBody) => bookAppointment.send({ body }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.appointments.patient }),
  });
}

/**
 * My appointments with any doctor that overlap the visit about to be booked (GET
 * /api/appointments/overlaps). Read afresh each time: a booking or a release elsewhere changes it.
 */
export const overlapsQuery = (span: { startsAt: string; endsAt: string }) =>
  queryOptions({
    queryKey: [...queryKeys.appointments.all, 'overlaps', span],
    queryFn: () => getOverlaps.send({ query: span }),
    staleTime: 0,
  });

export function useOverlaps(span: { startsAt: string; endsAt: string } | null) {
  return useQuery({
    ...overlapsQuery(span ?? { startsAt: '', endsAt: '' }),
    enabled: span !== null,
  });
}
