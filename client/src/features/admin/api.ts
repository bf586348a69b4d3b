import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminApplicationRow,
  AdminAuditRow,
  AdminDoctorRow,
  AdminFailedRefundRow,
  AdminPaymentDetail,
  AdminPaymentRow,
  AdminPayoutRow,
  AdminStats,
  AdminUserRow,
  Page,
} from '@common/schemas/admin';
import type { PlatformSettings, PlatformSettingsInput } from '@common/schemas/platform-settings';
import { apiGet, apiRequest } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

export type ListName =
  | 'users'
  | 'doctors'
  | 'payments'
  | 'payouts'
  | 'doctor-applications'
  | 'audit'
  | 'refunds/failed';
type RowOf = {
  users: AdminUserRow;
  doctors: AdminDoctorRow;
  payments: AdminPaymentRow;
  payouts: AdminPayoutRow;
  'doctor-applications': AdminApplicationRow;
  audit: AdminAuditRow;
  'refunds/failed': AdminFailedRefundRow;
};

export function toQueryString(params: Record<string, string | number | undefined>): string {
  const entries = Object.entries(params).filter(([, v]) => v !== undefined && v !== '') as [string, string | number][];
  return new URLSearchParams(entries.map(([k, v]) => [k, String(v)])).toString();
}

/** One admin list page; the previous page stays on screen while the next loads. */
export function useAdminList<N extends ListName>(name: N, params: Record<string, string | number | undefined>) {
  const qs = toQueryString(params);
  return useQuery({
    queryKey: queryKeys.admin.list(name, qs),
    queryFn: () => apiGet<Page<RowOf[N]>>(`/api/admin/${name}${qs ? `?${qs}` : ''}`),
    placeholderData: keepPreviousData,
  });
}

export const useAdminStats = () =>
  useQuery({ queryKey: queryKeys.admin.stats, queryFn: () => apiGet<AdminStats>('/api/admin/stats') });

export const usePaymentDetail = (id: string | null) =>
  useQuery({
    queryKey: queryKeys.admin.payment(id ?? ''),
    queryFn: () => apiGet<AdminPaymentDetail>(`/api/admin/payments/${id}`),
    enabled: Boolean(id),
  });

export const useSettings = () =>
  useQuery({ queryKey: queryKeys.admin.settings, queryFn: () => apiGet<PlatformSettings>('/api/admin/settings') });

/** Any admin change can move the stats and several lists: refresh everything admin. */
function useAdminMutation<V, R>(send: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.admin.all }),
  });
}

export const useToggle = (path: 'users' | 'doctors', flag: 'status' | 'verify') =>
  useAdminMutation(({ id, value }: { id: string; value: boolean }) =>
    apiRequest<unknown>(
      'PUT',
      `/api/admin/${path}/${id}/${flag}`,
      flag === 'status' ? { isActive: value } : { isVerified: value },
    ),
  );

export const useRefund = () =>
  useAdminMutation((id: string) => apiRequest<AdminPaymentDetail>('POST', `/api/admin/payments/${id}/refund`));

/** A failed card refund: asked of the processor again, or closed by hand with a note. */
export const useSettleFailedRefund = () =>
  useAdminMutation(({ id, action, note }: { id: string; action: 'retry' | 'resolve'; note?: string }) =>
    apiRequest<AdminPaymentDetail>(
      'POST',
      `/api/admin/refunds/${id}/${action}`,
      action === 'resolve' ? { note } : undefined,
    ),
  );

export const useMarkPayout = () =>
  useAdminMutation(({ id, outcome, reason }: { id: string; outcome: 'paid' | 'failed'; reason?: string }) =>
    apiRequest<AdminPayoutRow>(
      'POST',
      `/api/admin/payouts/${id}/${outcome}`,
      outcome === 'failed' ? { reason } : undefined,
    ),
  );

export const useDecideApplication = () =>
  useAdminMutation(({ id, decision }: { id: string; decision: 'approve' | 'reject' }) =>
    apiRequest<AdminApplicationRow>('POST', `/api/admin/doctor-applications/${id}/${decision}`, {}),
  );

export const useSaveSettings = () =>
  useAdminMutation((settings: PlatformSettingsInput) =>
    apiRequest<PlatformSettings>('PUT', '/api/admin/settings', settings),
  );

/** Approve or reject a verified doctor's credential changes waiting for review. */
export const useDecideCredentials = () =>
  useAdminMutation(({ id, decision }: { id: string; decision: 'approve' | 'reject' }) =>
    apiRequest<unknown>('POST', `/api/admin/doctors/${id}/credentials/${decision}`),
  );
