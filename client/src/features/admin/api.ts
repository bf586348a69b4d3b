import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminApplicationRowSchema,
  adminAuditRowSchema,
  adminDoctorRowSchema,
  adminFailedRefundRowSchema,
  adminPaymentDetailSchema,
  adminPaymentRowSchema,
  adminPayoutRowSchema,
  adminReportSaleRowSchema,
  adminStatsSchema,
  adminUserRowSchema,
  pageOf,
  type AdminApplicationRow,
  type AdminAuditRow,
  type AdminDoctorRow,
  type AdminFailedRefundRow,
  type AdminPaymentRow,
  type AdminPayoutRow,
  type AdminReportSaleRow,
  type AdminUserRow,
  type Page,
} from '@common/schemas/admin';
import { doctorProfileSchema } from '@common/schemas/doctor-profile';
import { platformSettingsReplySchema, type PlatformSettingsInput } from '@common/schemas/platform-settings';
import { endpoint, type Endpoint } from '../../lib/endpoint';
import { queryKeys } from '../../lib/query-keys';

export type ListName =
  | 'users'
  | 'doctors'
  | 'payments'
  | 'report-sales'
  | 'payouts'
  | 'doctor-applications'
  | 'audit'
  | 'refunds/failed';
type RowOf = {
  users: AdminUserRow;
  doctors: AdminDoctorRow;
  payments: AdminPaymentRow;
  'report-sales': AdminReportSaleRow;
  payouts: AdminPayoutRow;
  'doctor-applications': AdminApplicationRow;
  audit: AdminAuditRow;
  'refunds/failed': AdminFailedRefundRow;
};

const LISTS: { [N in ListName]: Endpoint<Page<RowOf[N]>> } = {
  users: endpoint('GET', '/api/admin/users', pageOf(adminUserRowSchema)),
  doctors: endpoint('GET', '/api/admin/doctors', pageOf(adminDoctorRowSchema)),
  payments: endpoint('GET', '/api/admin/payments', pageOf(adminPaymentRowSchema)),
  'report-sales': endpoint('GET', '/api/admin/report-sales', pageOf(adminReportSaleRowSchema)),
  payouts: endpoint('GET', '/api/admin/payouts', pageOf(adminPayoutRowSchema)),
  'doctor-applications': endpoint('GET', '/api/admin/doctor-applications', pageOf(adminApplicationRowSchema)),
  audit: endpoint('GET', '/api/admin/audit', pageOf(adminAuditRowSchema)),
  'refunds/failed': endpoint('GET', '/api/admin/refunds/failed', pageOf(adminFailedRefundRowSchema)),
};
const getStats = endpoint('GET', '/api/admin/stats', adminStatsSchema);
const getPayment = endpoint('GET', '/api/admin/payments/:id', adminPaymentDetailSchema);
const getSettings = endpoint('GET', '/api/admin/settings', platformSettingsReplySchema);
const putSettings = endpoint('PUT', '/api/admin/settings', platformSettingsReplySchema);
const TOGGLES = {
  users: {
    status: endpoint('PUT', '/api/admin/users/:userId/status', adminUserRowSchema),
    verify: endpoint('PUT', '/api/admin/users/:userId/verify', adminUserRowSchema),
  },
  doctors: {
    status: endpoint('PUT', '/api/admin/doctors/:doctorId/status', doctorProfileSchema),
    verify: endpoint('PUT', '/api/admin/doctors/:doctorId/verify', doctorProfileSchema),
  },
};
const refund = endpoint('POST', '/api/admin/payments/:id/refund', adminPaymentDetailSchema);
const settleRefund = {
  retry: endpoint('POST', '/api/admin/refunds/:paymentId/retry', adminPaymentDetailSchema),
  resolve: endpoint('POST', '/api/admin/refunds/:paymentId/resolve', adminPaymentDetailSchema),
};
const markPayout = {
  paid: endpoint('POST', '/api/admin/payouts/:id/paid', adminPayoutRowSchema),
  failed: endpoint('POST', '/api/admin/payouts/:id/failed', adminPayoutRowSchema),
};
const decideApplication = {
  approve: endpoint('POST', '/api/admin/doctor-applications/:id/approve', adminApplicationRowSchema),
  reject: endpoint('POST', '/api/admin/doctor-applications/:id/reject', adminApplicationRowSchema),
};
const decideCredentials = {
  approve: endpoint('POST', '/api/admin/doctors/:doctorId/credentials/approve', doctorProfileSchema),
  reject: endpoint('POST', '/api/admin/doctors/:doctorId/credentials/reject', doctorProfileSchema),
};

export function toQueryString(params: Record<string, string | number | undefined>): string {
  const entries = Object.entries(params).filter(([, v]) => v !== undefined && v !== '') as [string, string | number][];
  return new URLSearchParams(entries.map(([k, v]) => [k, String(v)])).toString();
}

/** One admin list page; the previous page stays on screen while the next loads. */
export const adminListQuery = <N extends ListName>(name: N, params: Record<string, string | number | undefined>) =>
  queryOptions({
    queryKey: queryKeys.admin.list(name, toQueryString(params)),
    queryFn: () => LISTS[name].send({ query: params }),
    placeholderData: keepPreviousData,
  });

export const adminStatsQuery = queryOptions({ queryKey: queryKeys.admin.stats, queryFn: () => getStats.send() });

export const paymentDetailQuery = (id: string) =>
  queryOptions({ queryKey: queryKeys.admin.payment(id), queryFn: () => getPayment.send({ params: { id } }) });

export const settingsQuery = queryOptions({ queryKey: queryKeys.admin.settings, queryFn: () => getSettings.send() });

export function useAdminList<N extends ListName>(name: N, params: Record<string, string | number | undefined>) {
  return useQuery(adminListQuery(name, params));
}

export const useAdminStats = () => useQuery(adminStatsQuery);

export const usePaymentDetail = (id: string | null) =>
  useQuery({ ...paymentDetailQuery(id ?? ''), enabled: Boolean(id) });

export const useSettings = () => useQuery(settingsQuery);

/** Any admin change can move the stats and several lists: refresh everything admin. */
function useAdminMutation<V, R>(send: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.admin.all }),
  });
}

export const useToggle = (path: 'users' | 'doctors', flag: 'status' | 'verify') =>
  useAdminMutation(
    ({ id, value }: { id: string; value: boolean }): Promise<unknown> =>
      TOGGLES[path][flag].send({
        params: { userId: id, doctorId: id },
        body: flag === 'status' ? { isActive: value } : { isVerified: value },
      }),
  );

export const useRefund = () => useAdminMutation((id: string) => refund.send({ params: { id } }));

/** A failed card refund: asked of the processor again, or closed by hand with a note. */
export const useSettleFailedRefund = () =>
  useAdminMutation(({ id, action, note }: { id: string; action: 'retry' | 'resolve'; note?: string }) =>
    settleRefund[action].send({ params: { paymentId: id }, body: action === 'resolve' ? { note } : undefined }),
  );

export const useMarkPayout = () =>
  useAdminMutation(({ id, outcome, reason }: { id: string; outcome: 'paid' | 'failed'; reason?: string }) =>
    markPayout[outcome].send({ params: { id }, body: outcome === 'failed' ? { reason } : undefined }),
  );

export const useDecideApplication = () =>
  useAdminMutation(({ id, decision }: { id: string; decision: 'approve' | 'reject' }) =>
    decideApplication[decision].send({ params: { id }, body: {} }),
  );

export const useSaveSettings = () =>
  useAdminMutation((settings: PlatformSettingsInput) => putSettings.send({ body: settings }));

/** Approve or reject a verified doctor's credential changes waiting for review. */
export const useDecideCredentials = () =>
  useAdminMutation(({ id, decision }: { id: string; decision: 'approve' | 'reject' }) =>
    decideCredentials[decision].send({ params: { doctorId: id } }),
  );
