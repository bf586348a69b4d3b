import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConsultationType } from '@common/constants/consultation-types';
import { localDateOf } from '@common/rules/display-time';
import { appointmentSchema, AVAILABILITY_MAX_DAYS, reviewSchema, type ReviewBody } from '@common/schemas/appointments';
import type { Availability } from '@common/schemas/availability';
import { outcomeHoldSchema } from '@common/schemas/disputes';
import { proposalListSchema, type NewTimeBody } from '@common/schemas/reschedule';
import { sharedVisitSummaryListSchema, visitSummarySchema } from '@common/schemas/visit-notes';
import { availabilityQuery } from '../../lib/doctors-api';
import { endpoint } from '../../lib/endpoint';
import { APPOINTMENT_VIEW_KEYS, queryKeys } from '../../lib/query-keys';

const cancelAppointment = endpoint('PATCH', '/api/appointments/:id', appointmentSchema);
const reviewAppointment = endpoint('POST', '/api/appointments/:id/review', reviewSchema);
const reschedule = endpoint('POST', '/api/appointments/:id/reschedule', appointmentSchema);
const getProposals = endpoint('GET', '/api/appointments/proposals', proposalListSchema);
const acceptProposal = endpoint('POST', '/api/appointments/:id/proposal/accept', appointmentSchema);
const declineProposal = endpoint('POST', '/api/appointments/:id/proposal/decline', appointmentSchema);
const getSharedSummaries = endpoint('GET', '/api/visit-summaries', sharedVisitSummaryListSchema);
const getVisitSummary = endpoint('GET', '/api/appointments/:id/visit-summary', visitSummarySchema);
const disputeOutcome = endpoint('POST', '/api/appointments/:id/dispute', outcomeHoldSchema);

/** The patient's appointments with a summary their doctor has shared. */
export const sharedVisitSummariesQuery = queryOptions({
  queryKey: queryKeys.visits.shared,
  queryFn: () => getSharedSummaries.send(),
});

export const visitSummaryQuery = (appointmentId: string) =>
  queryOptions({
    queryKey: queryKeys.visits.summary(appointmentId),
    queryFn: () => getVisitSummary.send({ params: { id: appointmentId } }),
  });

/** A doctor's proposed new times, read afresh each time. */
export const proposalsQuery = queryOptions({
  queryKey: queryKeys.appointments.proposals,
  queryFn: () => getProposals.send(),
  staleTime: 0,
});

export function useCancelAppointment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => cancelAppointment.send({ params: { id }, body: { status: 'cancelled' } }),
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
    mutationFn: ({ id, ...body }: ReviewBody & { id: string }) => reviewAppointment.send({ params: { id }, body }),
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
    mutationFn: ({ id, ...body }: NewTimeBody & { id: string }) => reschedule.send({ params: { id }, body }),
    onSuccess: afterMove,
  });
}

export function useProposals(enabled = true) {
  return useQuery({ ...proposalsQuery, enabled });
}

/** Accept or decline a doctor's proposal; either way (a 409 too) the lists are read again. */
export function useAnswerProposal() {
  const afterMove = useAfterMove();
  return useMutation({
    mutationFn: ({ appointmentId, answer }: { appointmentId: string; answer: 'accept' | 'decline' }) =>
      (answer === 'accept' ? acceptProposal : declineProposal).send({ params: { id: appointmentId } }),
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
  const query = useQuery({ ...availabilityQuery(doctorId, today, { days: AVAILABILITY_MAX_DAYS, type }), enabled });
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
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      disputeOutcome.send({ params: { id }, body: { reason } }),
    onSuccess: () => {
      for (const queryKey of APPOINTMENT_VIEW_KEYS) void client.invalidateQueries({ queryKey });
    },
  });
}
