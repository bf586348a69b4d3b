import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeed } from '@common/schemas/calendar-feed';
import { apiRequest } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

export function useCalendarFeed() {
  return useQuery<CalendarFeed>({ queryKey: queryKeys.calendarFeed });
}

export function useRotateCalendarFeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<CalendarFeed>('POST', '/api/calendar/feed/rotate'),
    onSuccess: (feed) => client.setQueryData(queryKeys.calendarFeed, feed),
  });
}
