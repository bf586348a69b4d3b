import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConsultationType } from '@common/constants/consultation-types';
import { localDateOf } from '@common/rules/display-time';
import {
  AVAILABILITY_MAX_DAYS,
  type Appointment,
  type Availability,
  type ReviewBody,
} from '@common/schemas/appointments';
import { outcomeHoldSchema } from '@common/schemas/disputes';
import type { NewTimeBody, Proposal } from '@common/schemas/reschedule';
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

/** Everything a move changes: the lists, the bell, the proposals and the doctor's free slots. */
function useAfterMove() {
  const client = useQueryClient();
  return () => {
    for (const queryKey of [...APPOINTMENT_VIEW_KEYS, queryKeys.appointments.proposals, queryKeys.doctors.all]) {
      void client.invalidateQueries({ queryKey });
    }
  };
}

export function useRescheduleAppointment() {
  const afterMove = useAfterMove();
  return useMutation({
    mutationFn: ({ id, ...body }: NewTimeBody & { id: string }) =>
      apiRequest<Appointment>('POST', `/api/appointments/${id}/reschedule`, body),
    onSuccess: afterMove,
  });
}

export function useProposals(enabled = true) {
  return useQuery<Proposal[]>({ queryKey: queryKeys.appointments.proposals, staleTime: 0, enabled });
}

/** Accept or decline a doctor's proposal; either way (a 409 too) the lists are read again. */
export function useAnswerProposal() {
  const afterMove = useAfterMove();
  return useMutation({
    mutationFn: ({ appointmentId, answer }: { appointmentId: string; answer: 'accept' | 'decline' }) =>
      apiRequest<Appointment>('POST', `/api/appointments/${appointmentId}/proposal/${answer}`),
    onSettled: afterMove,
  });
}

/** A free slot and the doctor's local date it is booked under. */
export type FreeSlot = Availability['slots'][number] & { doctorDate: string };

/**
 * The doctor's free slots from today (the doctor's date) for the availability horizon, in order.
 * Always read afresh: others book and move appointments all the time.
 */
export function useFreeSlots(doctorId: string, doctorTimeZone: string, enabled: boolean, type?: ConsultationType) {
  const today = localDateOf(new Date(), doctorTimeZone);
  const query = useQuery<Availability>({
    queryKey: queryKeys.doctors.availabilityDays(doctorId, today, AVAILABILITY_MAX_DAYS, type),
    staleTime: 0,
    enabled,
  });
  const now = Date.now();
  const slots: FreeSlot[] = (query.data?.slots ?? [])
    .filter((s) => s.available && Date.parse(s.startsAt) > now)
    .map((s) => ({ ...s, doctorDate: s.date ?? query.data!.date }))
    .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
  return { slots, isPending: query.isPending, isError: query.isError, refetch: query.refetch };
}

/** Dispute what the doctor marked (visit done, no-show) while its window is open. */
export function useDisputeOutcome() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, reason }: { id: string; reason: string }) =>
      outcomeHoldSchema.parse(await apiRequest<unknown>('POST', `/api/appointments/${id}/dispute`, { reason })),
    onSuccess: () => {
      for (const queryKey of APPOINTMENT_VIEW_KEYS) void client.invalidateQueries({ queryKey });
    },
  });
}
