import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MarkAllRead, Notification } from '@common/schemas/notifications';
import { apiRequest, errorMessage } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { toast } from '../../ui/toast-store';

const POLL_MS = 30_000;

export function useNotifications(enabled: boolean) {
  return useQuery<Notification[]>({ queryKey: queryKeys.notifications, enabled, refetchInterval: POLL_MS });
}

export function useMarkNotificationRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<Notification>('PATCH', `/api/notifications/${id}/read`),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.notifications }),
    onError: (error) =>
      toast({
        title: 'Error',
        description: errorMessage(error, 'Failed to mark notification as read'),
        variant: 'destructive',
      }),
  });
}

export function useMarkAllNotificationsRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<MarkAllRead>('POST', '/api/notifications/read-all'),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.notifications }),
    onError: (error) =>
      toast({
        title: 'Error',
        description: errorMessage(error, 'Failed to mark notifications as read'),
        variant: 'destructive',
      }),
  });
}
