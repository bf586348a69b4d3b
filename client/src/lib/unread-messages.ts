import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoint } from './endpoint';
import { queryKeys } from './query-keys';

// The navbar asks on every signed-in page: the schema comes with the request, not in the entry script.
const getUnread = endpoint('GET', '/api/conversations/unread', () =>
  import('@common/schemas/conversations').then((m) => m.unreadTotalSchema),
);

/**
 * The messages waiting across the viewer's conversations. Asked again every half minute and when the
 * tab comes back into focus; an open conversation also refreshes it when a message arrives live.
 */
export const unreadMessagesQuery = queryOptions({
  queryKey: queryKeys.conversations.unread,
  queryFn: () => getUnread.send(),
  refetchInterval: 30_000,
  refetchOnWindowFocus: true,
});

export function useUnreadMessages(enabled: boolean) {
  return useQuery({ ...unreadMessagesQuery, enabled });
}
