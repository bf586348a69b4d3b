import { whenText } from '@common/rules/display-time';
import { isValidTimeZone } from '@common/rules/zoned-time';

const validZones = new Map<string, boolean>();

export function knownTimeZone(timeZone: string): boolean {
  let valid = validZones.get(timeZone);
  if (valid === undefined) {
    valid = isValidTimeZone(timeZone);
    validZones.set(timeZone, valid);
  }
  return valid;
}

/**
 * "Sunday, March 8, 2026 at 2:00 PM GMT (10:00 AM EDT in New York)": the recipient's wall clock,
 * then the other party's where it reads differently — the same text the screens show.
 */
export function localTimeText(instant: Date, timeZone: string, otherZone?: string): string {
  return whenText(instant, timeZone, otherZone && knownTimeZone(otherZone) ? otherZone : undefined);
}
