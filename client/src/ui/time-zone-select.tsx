import { useMemo, useState } from 'react';
import { timeZoneChoices, zoneLabel } from '@common/rules/zone-names';
import { textsFor } from '../lib/i18n/areas';
import { Input, Select } from './input';
import { useWhen } from '../lib/i18n/use-when';

const useT = textsFor('account-zone');

/**
 * A zone picked by the place people name it by ("Berlin time (UTC+1)"); a search box above the
 * list narrows four hundred zones to a few. The value is the IANA id, never shown. The search
 * matches the English names and, in another language, the names shown.
 */
export function TimeZoneSelect({
  value,
  onChange,
  ...select
}: {
  value: string;
  onChange: (zone: string) => void;
  id: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}) {
  const t = useT();
  const time = useWhen();
  const [query, setQuery] = useState('');
  const now = useMemo(() => new Date(), []);
  const choices = useMemo(
    () =>
      timeZoneChoices().map((c) => {
        const label = time.zoneName(c.id, now);
        return { ...c, label, search: `${c.search} ${label.toLowerCase()}` };
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the names change with the language only
    [time.language, now],
  );
  const shown = useMemo(() => {
    const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
    const matches = choices.filter((c) => words.every((w) => c.search.includes(w)));
    // The current zone stays selectable whatever the search, so the list never jumps to another.
    return value && !matches.some((c) => c.id === value)
      ? [{ id: value, label: time.zoneName(value, now), search: zoneLabel(value) }, ...matches]
      : matches;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- time follows the language, as choices do
  }, [choices, query, value]);
  return (
    <div className="flex flex-col gap-2">
      <Input
        type="search"
        aria-label={t('account-zone.searchLabel')}
        placeholder={t('account-zone.searchPlaceholder')}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      <Select {...select} value={value} onChange={(e) => onChange(e.target.value)}>
        {shown.map((c) => (
          <option key={c.id} value={c.id}>
            {c.label}
          </option>
        ))}
      </Select>
    </div>
  );
}
