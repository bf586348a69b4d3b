import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Appointment } from '@common/schemas/appointments';
import type { DashboardStats } from '@common/schemas/dashboard';
import type { Earning, EarningStats, Payout, PayoutRequest } from '@common/schemas/earnings';
import type { PayoutAccount, PayoutAccountBody, PayoutSummary } from '@common/schemas/receipts';
import type { TimeOff, TimeOffRequest } from '@common/schemas/schedule';
import { apiRequest } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

// The dashboard shows the 5 most recent earnings and payouts.
const RECENT = 5;

export const useDashboardStats = () => useQuery<DashboardStats>({ queryKey: queryKeys.doctorWork.dashboardStats });
export const useTodayAppointments = (enabled: boolean) =>
  useQuery<Appointment[]>({ queryKey: queryKeys.appointments.doctorToday, enabled });
export const useEarningStats = (enabled: boolean) =>
  useQuery<EarningStats>({ queryKey: queryKeys.doctorWork.earningStats, enabled });
export const useRecentEarnings = (enabled: boolean) =>
  useQuery<Earning[]>({
    queryKey: queryKeys.doctorWork.recentEarnings(RECENT),
    queryFn: () => apiRequest('GET', `/api/doctor/earnings?limit=${RECENT}`),
    enabled,
  });
export const useRecentPayouts = (enabled: boolean) =>
  useQuery<Payout[]>({
    queryKey: queryKeys.doctorWork.recentPayouts(RECENT),
    queryFn: () => apiRequest('GET', `/api/doctor/payouts?limit=${RECENT}`),
    enabled,
  });

export function useRequestPayout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PayoutRequest) => apiRequest<Payout>('POST', '/api/doctor/payouts', input),
    onSuccess: () => {
      const { earningStats, earnings, payouts, payoutSummary } = queryKeys.doctorWork;
      for (const queryKey of [earningStats, earnings, payouts, payoutSummary])
        void client.invalidateQueries({ queryKey });
    },
  });
}

export const usePayoutSummary = (enabled: boolean) =>
  useQuery<PayoutSummary>({ queryKey: queryKeys.doctorWork.payoutSummary, enabled });
export const usePayoutAccount = (enabled: boolean) =>
  useQuery<PayoutAccount | null>({ queryKey: queryKeys.doctorWork.payoutAccount, enabled });

export function useSavePayoutAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PayoutAccountBody) => apiRequest<PayoutAccount>('PUT', '/api/doctor/payout-account', input),
    onSuccess: (account) => {
      client.setQueryData(queryKeys.doctorWork.payoutAccount, account);
      void client.invalidateQueries({ queryKey: queryKeys.doctorWork.earningStats });
      // A payout not yet paid goes to the new account: its line shows the new digits.
      void client.invalidateQueries({ queryKey: queryKeys.doctorWork.payouts });
    },
  });
}

export const useTimeOff = () => useQuery<TimeOff[]>({ queryKey: queryKeys.doctorWork.timeOff });

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

export const useAddTimeOff = () =>
  useTimeOffWrite((input: TimeOffRequest) => apiRequest<TimeOff>('POST', '/api/doctors/profile/time-off', input));

export const useRemoveTimeOff = () =>
  useTimeOffWrite((id: string) => apiRequest<void>('DELETE', `/api/doctors/profile/time-off/${id}`));
