const UNITS = [
  { value: 1e9, suffix: 'B' },
  { value: 1e6, suffix: 'M' },
  { value: 1e3, suffix: 'K' },
] as const;

/**
 * A figure for people who may only see its size: two significant digits, rounded down, with a
 * unit and a plus ("5.5B+", "52M+", "940+"), so it never claims more than the real number.
 */
export function approximateCount(value: number): string {
  const n = Math.max(0, Math.floor(value));
  if (n < 10) return String(n);
  // Integer arithmetic first, so 4.3 billion is never shown as 4.2B+ through a float's error.
  const step = 10 ** (String(n).length - 2);
  const floored = Math.floor(n / step) * step;
  const unit = UNITS.find((u) => n >= u.value);
  const shown = unit ? (floored / unit.value).toFixed(1).replace(/\.0$/, '') : String(floored);
  return `${shown}${unit?.suffix ?? ''}+`;
}
