import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { pageOf } from '@common/schemas/admin';
import { emailRowSchema, jobRetryReplySchema, jobRowSchema, mailSummarySchema } from '@common/schemas/email';
import { endpoint } from '../../lib/endpoint';
import { queryKeys } from '../../lib/query-keys';
import { toQueryString } from './api';

const getMailSummary = endpoint('GET', '/api/admin/mail/summary', mailSummarySchema);
const getEmails = endpoint('GET', '/api/admin/emails', pageOf(emailRowSchema));
const getJobs = endpoint('GET', '/api/admin/jobs', pageOf(jobRowSchema));
const retryJob = endpoint('POST', '/api/admin/jobs/:id/retry', jobRetryReplySchema);

export const mailSummaryQuery = queryOptions({
  queryKey: queryKeys.admin.list('mail', 'summary'),
  queryFn: () => getMailSummary.send(),
});

export const emailListQuery = (params: Record<string, string | number | undefined>) =>
  queryOptions({
    queryKey: queryKeys.admin.list('emails', toQueryString(params)),
    queryFn: () => getEmails.send({ query: params }),
    placeholderData: keepPreviousData,
  });

export const deadLettersQuery = queryOptions({
  queryKey: queryKeys.admin.list('jobs', 'dead'),
  queryFn: () => getJobs.send({ query: { status: 'dead', pageSize: 50 } }),
});

export const useMailSummary = () => useQuery(mailSummaryQuery);

export function useEmailList(params: Record<string, string | number | undefined>) {
  return useQuery(emailListQuery(params));
}

export const useDeadLetters = () => useQuery(deadLettersQuery);

/** A retried job changes the counts and both lists: refresh everything admin. */
export function useRetryJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => retryJob.send({ params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.admin.all }),
  });
}
