import { queryOptions } from '@tanstack/react-query';
import { emailMessageListSchema } from '@common/schemas/email';
import { endpoint } from '../../lib/endpoint';
import { queryKeys } from '../../lib/query-keys';

const getMyEmails = endpoint('GET', '/api/emails/mine', emailMessageListSchema);

/** Demo mode: the messages Medora would have sent the signed-in person. */
export const demoInboxQuery = queryOptions({ queryKey: queryKeys.emails.mine, queryFn: () => getMyEmails.send() });
