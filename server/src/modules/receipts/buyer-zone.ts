import { isValidTimeZone } from '@common/rules/zoned-time';
import { badRequest } from '../../core/errors';

/**
 * The zone a receipt's date is shown in: the buyer's browser zone when the download names one
 * (checked here; a zone Intl does not know is refused), else UTC, which the PDF names as such.
 * Once accounts store their own zone, that comes first.
 */
export function receiptZone(requested: string | undefined): string {
  if (requested === undefined || requested === '') return 'UTC';
  if (!isValidTimeZone(requested))
    throw badRequest('Unknown time zone.', { timeZone: 'Use a zone such as Europe/Berlin' });
  return requested;
}
