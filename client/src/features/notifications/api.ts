import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../lib/api';
import { endpoint } from '../../lib/endpoint';
import { queryKeys } from '../../lib/query-keys';
import { toast } from '../../ui/toast-store';

// The bell is on every signed-in page: its schemas come with its requests, not in the shell's code.
const schemas = () => import('@common/schemas/notifications');
const getNotifications = endpoint('GET', '/api/notifications', () => schemas().then((m) => m.notificationListSchema));
const markRead = endpoint('PATCH', '/api/notifications/:id/read', () => schemas().then((m) => m.notificationSchema));
const markAllRead = endpoint('POST', '/api/notifications/read-all', () => schemas().then((m) => m.markAllReadSchema));

const POLL_MS = 30_000;

export const notificationsQuery = queryOptions({
  queryKey: queryKeys.notifications,
  queryFn: () => getNotifications.send(),
  refetchInterval: POLL_MS,
});

export function useNotifications(enabled: boolean) {
  return useQuery({ ...notificationsQuery, enabled });
}

export function useMarkNotificationRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => markRead.send({ params: { id } }),
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
    mutationFn: () => markAllRead.send(),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.notifications }),
    onError: (error) =>
      toast({
        title: 'Error',
        description: errorMessage(error, 'Failed to mark notifications as read'),
        variant: 'destructive',
      }),
  });
}
