import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReportTier } from '@common/constants/outbreak';
import {
  outbreakCaseListSchema,
  outbreakStatisticsSchema,
  reportConfirmReplySchema,
  reportPaymentReplySchema,
  reportPurchaseListSchema,
  syncResultSchema,
  syncStatusSchema,
} from '@common/schemas/outbreak';
import { endpoint } from '../../lib/endpoint';
import { usePaymentSession } from '../../lib/payment-session';
import { queryKeys } from '../../lib/query-keys';

const getStatistics = endpoint('GET', '/api/outbreak/statistics', outbreakStatisticsSchema);
const getCases = endpoint('GET', '/api/outbreak/cases', outbreakCaseListSchema);
const getSyncStatus = endpoint('GET', '/api/outbreak/sync-status', syncStatusSchema);
const syncNow = endpoint('POST', '/api/outbreak/sync', syncResultSchema);
const getReports = endpoint('GET', '/api/outbreak/reports', reportPurchaseListSchema);
const startReportPayment = endpoint('POST', '/api/outbreak/pdf-report/payment', reportPaymentReplySchema);
const confirmReport = endpoint('POST', '/api/outbreak/pdf-report/confirm', reportConfirmReplySchema);

/** The outbreak queries are retried three times, a moment apart, before the page gives up. */
const OUTBREAK_RETRIES = 3;
const OUTBREAK_RETRY_DELAY_MS = 400;
export const SYNC_STATUS_POLL_MS = 30_000;

export const outbreakStatisticsQuery = queryOptions({
  queryKey: queryKeys.outbreak.statistics,
  queryFn: () => getStatistics.send(),
  retry: OUTBREAK_RETRIES,
  retryDelay: OUTBREAK_RETRY_DELAY_MS,
});

export const outbreakCasesQuery = queryOptions({
  queryKey: queryKeys.outbreak.cases,
  queryFn: () => getCases.send(),
  retry: OUTBREAK_RETRIES,
  retryDelay: OUTBREAK_RETRY_DELAY_MS,
});

export const syncStatusQuery = queryOptions({
  queryKey: queryKeys.outbreak.syncStatus,
  queryFn: () => getSyncStatus.send(),
  refetchInterval: SYNC_STATUS_POLL_MS,
});

export const reportPurchasesQuery = queryOptions({
  queryKey: queryKeys.outbreak.reports,
  queryFn: () => getReports.send(),
});

export function useOutbreakStatistics() {
  return useQuery(outbreakStatisticsQuery);
}

export function useOutbreakCases() {
  return useQuery(outbreakCasesQuery);
}

export function useSyncStatus(enabled: boolean) {
  return useQuery({ ...syncStatusQuery, enabled });
}

export function useSyncOutbreaks() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => syncNow.send(),
    onSuccess: () => {
      for (const queryKey of [queryKeys.outbreak.statistics, queryKeys.outbreak.cases, queryKeys.outbreak.syncStatus]) {
        void client.invalidateQueries({ queryKey });
      }
    },
  });
}

export function useReportPurchases(enabled: boolean) {
  return useQuery({ ...reportPurchasesQuery, enabled });
}

/**
 * The report's payment session, started once the buyer has confirmed they are a medical
 * professional (and, for data older than 30 days, that they accept it). Starting one changes the
 * server: a mutation made once per tier, never cached or refetched.
 */
export function useReportIntent(tier: ReportTier, confirmed: boolean, acceptOutOfDateData: boolean) {
  return usePaymentSession(confirmed ? tier : null, () =>
    startReportPayment.send({ body: { reportType: tier, medicalProfessional: true, acceptOutOfDateData } }),
  );
}

export function useConfirmReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (paymentIntentId: string) => confirmReport.send({ body: { paymentIntentId } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.outbreak.reports }),
  });
}
