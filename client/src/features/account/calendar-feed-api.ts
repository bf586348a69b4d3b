import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { calendarFeedSchema } from '@common/schemas/calendar-feed';
import { endpoint } from '../../lib/endpoint';
import { queryKeys } from '../../lib/query-keys';

const getCalendarFeed = endpoint('GET', '/api/calendar/feed', calendarFeedSchema);
const rotateCalendarFeed = endpoint('POST', '/api/calendar/feed/rotate', calendarFeedSchema);

export const calendarFeedQuery = queryOptions({
  queryKey: queryKeys.calendarFeed,
  queryFn: () => getCalendarFeed.send(),
});

export function useCalendarFeed() {
  return useQuery(calendarFeedQuery);
}

export function useRotateCalendarFeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => rotateCalendarFeed.send(),
    onSuccess: (feed) => client.setQueryData(calendarFeedQuery.queryKey, feed),
  });
}
