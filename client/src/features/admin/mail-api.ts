import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@common/schemas/admin';
import type { EmailRow, JobRowReply, MailSummary } from '@common/schemas/email';
import { apiGet, apiRequest } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { toQueryString } from './api';

export const useMailSummary = () =>
  useQuery({
    queryKey: queryKeys.admin.list('mail', 'summary'),
    queryFn: () => apiGet<MailSummary>('/api/admin/mail/summary'),
  });

export function useEmailList(params: Record<string, string | number | undefined>) {
  const qs = toQueryString(params);
  return useQuery({
    queryKey: queryKeys.admin.list('emails', qs),
    queryFn: () => apiGet<Page<EmailRow>>(`/api/admin/emails?${qs}`),
    placeholderData: keepPreviousData,
  });
}

export const useDeadLetters = () =>
  useQuery({
    queryKey: queryKeys.admin.list('jobs', 'dead'),
    queryFn: () => apiGet<Page<JobRowReply>>('/api/admin/jobs?status=dead&pageSize=50'),
  });

/** A retried job changes the counts and both lists: refresh everything admin. */
export function useRetryJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<{ id: number }>('POST', `/api/admin/jobs/${id}/retry`),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.admin.all }),
  });
}
