import { useMemo, useState } from 'react';
import { timeZoneChoices, zoneLabel } from '@common/rules/zone-names';
import { zoneName } from '@common/rules/display-time';
import { Input, Select } from './input';

/**
 * A zone picked by the place people name it by ("Berlin time (UTC+1)"); a search box above the
 * list narrows four hundred zones to a few. The value is the IANA id, never shown.
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
  const [query, setQuery] = useState('');
  const choices = useMemo(() => timeZoneChoices(), []);
  const shown = useMemo(() => {
    const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
    const matches = choices.filter((c) => words.every((w) => c.search.includes(w)));
    // The current zone stays selectable whatever the search, so the list never jumps to another.
    return value && !matches.some((c) => c.id === value)
      ? [{ id: value, label: zoneLabel(value), search: '' }, ...matches]
      : matches;
  }, [choices, query, value]);
  const now = new Date();
  return (
    <div className="flex flex-col gap-2">
      <Input
        type="search"
        aria-label="Search by city or region"
        placeholder="Search, e.g. Berlin"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      <Select {...select} value={value} onChange={(e) => onChange(e.target.value)}>
        {shown.map((c) => (
          <option key={c.id} value={c.id}>
            {zoneName(c.id, now)}
          </option>
        ))}
      </Select>
    </div>
  );
}
