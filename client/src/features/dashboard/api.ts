import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { appointmentListSchema } from '@common/schemas/appointments';
import { dashboardStatsSchema } from '@common/schemas/dashboard';
import {
  earningListSchema,
  earningStatsSchema,
  payoutListSchema,
  payoutSchema,
  type PayoutRequest,
} from '@common/schemas/earnings';
import {
  payoutAccountReplySchema,
  payoutAccountSchema,
  payoutSummarySchema,
  type PayoutAccountBody,
} from '@common/schemas/receipts';
import { timeOffListSchema, timeOffSchema, type TimeOffRequest } from '@common/schemas/schedule';
import { endpoint, noContentEndpoint } from '../../lib/endpoint';
import { queryKeys } from '../../lib/query-keys';

const getDashboardStats = endpoint('GET', '/api/dashboard/stats', dashboardStatsSchema);
const getTodayAppointments = endpoint('GET', '/api/appointments/doctor/today', appointmentListSchema);
const getEarningStats = endpoint('GET', '/api/doctor/earnings/stats', earningStatsSchema);
const getEarnings = endpoint('GET', '/api/doctor/earnings', earningListSchema);
const getPayouts = endpoint('GET', '/api/doctor/payouts', payoutListSchema);
const requestPayout = endpoint('POST', '/api/doctor/payouts', payoutSchema);
const getPayoutSummary = endpoint('GET', '/api/doctor/payouts/summary', payoutSummarySchema);
const getPayoutAccount = endpoint('GET', '/api/doctor/payout-account', payoutAccountReplySchema);
const putPayoutAccount = endpoint('PUT', '/api/doctor/payout-account', payoutAccountSchema);
const getTimeOff = endpoint('GET', '/api/doctors/profile/time-off', timeOffListSchema);
const addTimeOff = endpoint('POST', '/api/doctors/profile/time-off', timeOffSchema);
const removeTimeOff = noContentEndpoint('DELETE', '/api/doctors/profile/time-off/:id');

// The dashboard shows the 5 most recent earnings and payouts.
const RECENT = 5;

export const dashboardStatsQuery = queryOptions({
  queryKey: queryKeys.doctorWork.dashboardStats,
  queryFn: () => getDashboardStats.send(),
});
export const todayAppointmentsQuery = queryOptions({
  queryKey: queryKeys.appointments.doctorToday,
  queryFn: () => getTodayAppointments.send(),
});
export const earningStatsQuery = queryOptions({
  queryKey: queryKeys.doctorWork.earningStats,
  queryFn: () => getEarningStats.send(),
});
export const recentEarningsQuery = queryOptions({
  queryKey: queryKeys.doctorWork.recentEarnings(RECENT),
  queryFn: () => getEarnings.send({ query: { limit: RECENT } }),
});
export const recentPayoutsQuery = queryOptions({
  queryKey: queryKeys.doctorWork.recentPayouts(RECENT),
  queryFn: () => getPayouts.send({ query: { limit: RECENT } }),
});
export const payoutSummaryQuery = queryOptions({
  queryKey: queryKeys.doctorWork.payoutSummary,
  queryFn: () => getPayoutSummary.send(),
});
export const payoutAccountQuery = queryOptions({
  queryKey: queryKeys.doctorWork.payoutAccount,
  queryFn: () => getPayoutAccount.send(),
});
export const timeOffQuery = queryOptions({ queryKey: queryKeys.doctorWork.timeOff, queryFn: () => getTimeOff.send() });

export const useDashboardStats = () => useQuery(dashboardStatsQuery);
export const useTodayAppointments = (enabled: boolean) => useQuery({ ...todayAppointmentsQuery, enabled });
export const useEarningStats = (enabled: boolean) => useQuery({ ...earningStatsQuery, enabled });
export const useRecentEarnings = (enabled: boolean) => useQuery({ ...recentEarningsQuery, enabled });
export const useRecentPayouts = (enabled: boolean) => useQuery({ ...recentPayoutsQuery, enabled });

export function useRequestPayout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PayoutRequest) => requestPayout.send({ body: input }),
    onSuccess: () => {
      const { earningStats, earnings, payouts, payoutSummary } = queryKeys.doctorWork;
      for (const queryKey of [earningStats, earnings, payouts, payoutSummary])
        void client.invalidateQueries({ queryKey });
    },
  });
}

export const usePayoutSummary = (enabled: boolean) => useQuery({ ...payoutSummaryQuery, enabled });
export const usePayoutAccount = (enabled: boolean) => useQuery({ ...payoutAccountQuery, enabled });

export function useSavePayoutAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PayoutAccountBody) => putPayoutAccount.send({ body: input }),
    onSuccess: (account) => {
      client.setQueryData(payoutAccountQuery.queryKey, account);
      void client.invalidateQueries({ queryKey: queryKeys.doctorWork.earningStats });
      // A payout not yet paid goes to the new account: its line shows the new digits.
      void client.invalidateQueries({ queryKey: queryKeys.doctorWork.payouts });
    },
  });
}

export const useTimeOff = () => useQuery(timeOffQuery);

/** Time off changes what patients are offered and what the book flags. */
function useTimeOffWrite<I, O>(send: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.doctorWork.timeOff });
      void client.invalidateQueries({ queryKey: queryKeys.doctors.all });
      void client.invalidateQueries({ queryKey: queryKeys.doctorBook.all });
    },
  });
}

export const useAddTimeOff = () => useTimeOffWrite((input: TimeOffRequest) => addTimeOff.send({ body: input }));

export const useRemoveTimeOff = () => useTimeOffWrite((id: string) => removeTimeOff.send({ params: { id } }));
