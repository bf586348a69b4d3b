import { whenFor } from '../../core/localized-when';
import { isValidTimeZone } from '@common/rules/zoned-time';

// These texts are still written in English here; other languages are made elsewhere (decision 099).
const whenText = whenFor('en').when;

/**
 * "Sunday, March 8, 2026 at 2:00 PM London time (UTC+0) · 10:00 AM New York time (UTC−4)": the
 * recipient's wall clock, then the other party's where it reads differently — the same text the
 * screens show. A zone the runtime does not know is left out rather than failing the e-mail.
 */
export function localTimeText(instant: Date, timeZone: string, otherZone?: string): string {
  return whenText(instant, timeZone, otherZone && isValidTimeZone(otherZone) ? otherZone : undefined);
}
