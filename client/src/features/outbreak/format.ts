import { compactDate } from '@common/rules/display-time';
import type { OutbreakSeverity } from '@common/constants/outbreak';

const number = new Intl.NumberFormat('en-US');

/** An exact count, or a dash when the source gave none. */
export const formatCount = (value: number | string | null) =>
  value === null ? '—' : typeof value === 'string' ? value : number.format(value);

/** A report's day ("Oct 10, 2025", "10 Oct 2025" in day-first regions): agencies date reports in UTC. */
export const formatDay = (iso: string) => compactDate(iso, 'UTC');

/** Card and badge looks per severity: the colour says how serious, the word says it too. */
export const SEVERITY_STYLES: Record<OutbreakSeverity, { card: string; badge: string; label: string }> = {
  critical: { card: 'border-s-red-600 bg-red-50/60', badge: 'bg-red-600 text-white', label: 'Critical' },
  high: { card: 'border-s-orange-500 bg-orange-50/60', badge: 'bg-orange-700 text-white', label: 'High' },
  medium: { card: 'border-s-amber-400 bg-amber-50/60', badge: 'bg-amber-200 text-amber-950', label: 'Medium' },
  low: { card: 'border-s-green-600 bg-green-50/60', badge: 'bg-green-100 text-green-900', label: 'Low' },
};
