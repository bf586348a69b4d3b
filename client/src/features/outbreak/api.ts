import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReportTier } from '@common/constants/outbreak';
import type {
  OutbreakCase,
  OutbreakStatistics,
  ReportPurchase,
  SyncResult,
  SyncStatus,
} from '@common/schemas/outbreak';
import type { IntentReply, PaymentConfig, SimulatedCardReply } from '@common/schemas/payments';
import type { CardInput } from '@common/rules/card';
import { apiRequest } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

/** The outbreak queries are retried three times, a moment apart, before the page gives up. */
const OUTBREAK_RETRIES = 3;
const OUTBREAK_RETRY_DELAY_MS = 400;
export const SYNC_STATUS_POLL_MS = 30_000;

export function useOutbreakStatistics() {
  return useQuery<OutbreakStatistics>({
    queryKey: queryKeys.outbreak.statistics,
    retry: OUTBREAK_RETRIES,
    retryDelay: OUTBREAK_RETRY_DELAY_MS,
  });
}

export function useOutbreakCases() {
  return useQuery<OutbreakCase[]>({
    queryKey: queryKeys.outbreak.cases,
    retry: OUTBREAK_RETRIES,
    retryDelay: OUTBREAK_RETRY_DELAY_MS,
  });
}

export function useSyncStatus(enabled: boolean) {
  return useQuery<SyncStatus>({
    queryKey: queryKeys.outbreak.syncStatus,
    enabled,
    refetchInterval: SYNC_STATUS_POLL_MS,
  });
}

export function useSyncOutbreaks() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<SyncResult>('POST', '/api/outbreak/sync'),
    onSuccess: () => {
      for (const queryKey of [queryKeys.outbreak.statistics, queryKeys.outbreak.cases, queryKeys.outbreak.syncStatus]) {
        void client.invalidateQueries({ queryKey });
      }
    },
  });
}

export function useReportPurchases(enabled: boolean) {
  return useQuery<ReportPurchase[]>({ queryKey: queryKeys.outbreak.reports, enabled });
}

export function usePaymentConfig() {
  return useQuery<PaymentConfig>({ queryKey: queryKeys.payments.config });
}

/**
 * The report's payment session, started once the buyer has confirmed they are a medical
 * professional (and, for data older than 30 days, that they accept it). A query so a double mount makes one request; never cached.
 */
export function useReportIntent(tier: ReportTier, confirmed: boolean, acceptOutOfDateData: boolean) {
  return useQuery<IntentReply>({
    queryKey: queryKeys.outbreak.intent(tier),
    enabled: confirmed,
    gcTime: 0,
    queryFn: () =>
      apiRequest('POST', '/api/outbreak/pdf-report/payment', {
        reportType: tier,
        medicalProfessional: true,
        acceptOutOfDateData,
      }),
  });
}

export const payWithSimulatedCard = (clientSecret: string, card: CardInput) =>
  apiRequest<SimulatedCardReply>('POST', '/api/payments/simulated/confirm-card', { clientSecret, card });

export function useConfirmReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (paymentIntentId: string) =>
      apiRequest<{ status: 'succeeded'; reportData: ReportPurchase & { downloadUrl: string } }>(
        'POST',
        '/api/outbreak/pdf-report/confirm',
        { paymentIntentId },
      ),
    onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.outbreak.reports }),
  });
}
