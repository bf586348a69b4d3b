import { useFormats } from '../../lib/i18n/use-formats';

/** "340 kB", "1.2 MB", "1,2 MB": a file's size in the reader's language; nothing is "0 kB", a few bytes "1 kB". */
export function useSize() {
  const f = useFormats();
  return (bytes: number) =>
    bytes < 1024 * 1024
      ? f.number(bytes === 0 ? 0 : Math.max(1, Math.round(bytes / 1024)), { style: 'unit', unit: 'kilobyte' })
      : f.number(bytes / (1024 * 1024), { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 });
}
