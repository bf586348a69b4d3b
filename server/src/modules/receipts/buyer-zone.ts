import { isValidTimeZone } from '@common/rules/zoned-time';
import { localizedError } from '../../core/errors';

/**
 * The zone a receipt's date is shown in: the buyer's own (their account's, decision 047), else
 * the browser zone the download names (checked here; a zone Intl does not know is refused), else
 * UTC, which the PDF names as such.
 */
export function receiptZone(accountZone: string | null, requested: string | undefined): string {
  if (accountZone && isValidTimeZone(accountZone)) return accountZone;
  if (requested === undefined || requested === '') return 'UTC';
  if (!isValidTimeZone(requested))
    throw localizedError('bad_request', 'errors.unknownTimeZone', undefined, {
      timeZone: { key: 'errors.field.zoneExample' },
    });
  return requested;
}
