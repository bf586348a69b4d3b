import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Appointment } from '@common/schemas/appointments';
import type { DashboardStats } from '@common/schemas/dashboard';
import type { Earning, EarningStats, Payout, PayoutRequest } from '@common/schemas/earnings';
import { apiRequest } from '../../lib/api';

// Spec §9: the dashboard shows the 5 most recent earnings and payouts.
const RECENT = 5;

export const useDashboardStats = () => useQuery<DashboardStats>({ queryKey: ['/api/dashboard/stats'] });
export const useTodayAppointments = (enabled: boolean) =>
  useQuery<Appointment[]>({ queryKey: ['/api/appointments/doctor/today'], enabled });
export const useEarningStats = (enabled: boolean) =>
  useQuery<EarningStats>({ queryKey: ['/api/doctor/earnings/stats'], enabled });
export const useRecentEarnings = (enabled: boolean) =>
  useQuery<Earning[]>({
    queryKey: ['/api/doctor/earnings', RECENT],
    queryFn: () => apiRequest('GET', `/api/doctor/earnings?limit=${RECENT}`),
    enabled,
  });
export const useRecentPayouts = (enabled: boolean) =>
  useQuery<Payout[]>({
    queryKey: ['/api/doctor/payouts', RECENT],
    queryFn: () => apiRequest('GET', `/api/doctor/payouts?limit=${RECENT}`),
    enabled,
  });

export function useRequestPayout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PayoutRequest) => apiRequest<Payout>('POST', '/api/doctor/payouts', input),
    onSuccess: () => {
      for (const key of ['/api/doctor/earnings/stats', '/api/doctor/earnings', '/api/doctor/payouts']) {
        void client.invalidateQueries({ queryKey: [key] });
      }
    },
  });
}
