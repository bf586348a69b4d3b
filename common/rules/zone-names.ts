/**
 * Zones named as people name them: "Berlin time", "New York time". Intl has no such name (its
 * `longGeneric` says "Central European Time", its short names "EST" or "GMT+1", which are
 * ambiguous or unknown to most people), so the city of the IANA id is used, with a few places
 * people call by another name.
 */
const PLACE: Record<string, string> = {
  'Asia/Kolkata': 'India',
  'Asia/Calcutta': 'India',
  'Asia/Shanghai': 'Beijing',
  'Asia/Chongqing': 'Beijing',
  'Asia/Saigon': 'Ho Chi Minh City',
  'Asia/Ho_Chi_Minh': 'Ho Chi Minh City',
  'Asia/Rangoon': 'Yangon',
  'Asia/Katmandu': 'Kathmandu',
  'Europe/Kiev': 'Kyiv',
  'America/Godthab': 'Nuuk',
  'Pacific/Truk': 'Chuuk',
};

/** Old ids without a city are the very abbreviations to avoid: named by region or offset instead. */
const LEGACY: Record<string, string> = {
  CET: 'Central European time',
  MET: 'Central European time',
  EET: 'Eastern European time',
  WET: 'Western European time',
  EST5EDT: 'US Eastern time',
  CST6CDT: 'US Central time',
  MST7MDT: 'US Mountain time',
  PST8PDT: 'US Pacific time',
  EST: 'UTC\u22125',
  MST: 'UTC\u22127',
  HST: 'UTC\u221210',
};

/** Ids that are UTC itself. */
const UTC_IDS = new Set(['UTC', 'Etc/UTC', 'Etc/UCT', 'UCT', 'Etc/GMT', 'GMT', 'Etc/Universal', 'Etc/Zulu', 'Zulu']);

/** "Etc/GMT+5" is five hours *behind* UTC (POSIX sign): "UTC−5". */
function etcOffset(id: string): string | null {
  const m = /^Etc\/GMT([+-])(\d{1,2})$/.exec(id);
  if (!m) return null;
  return `UTC${m[1] === '+' ? '\u2212' : '+'}${Number(m[2])}`;
}

/** "Europe/Berlin" → "Berlin time"; "UTC" → "UTC"; "Etc/GMT+5" → "UTC−5". */
export function zoneLabel(timeZone: string): string {
  if (UTC_IDS.has(timeZone)) return 'UTC';
  const fixed = LEGACY[timeZone] ?? etcOffset(timeZone);
  if (fixed) return fixed;
  const place = PLACE[timeZone] ?? timeZone.split('/').pop()!.replaceAll('_', ' ');
  return `${place} time`;
}

/** Every zone this runtime knows, as a person picks one: labelled, and searchable by id and region. */
export function timeZoneChoices(): { id: string; label: string; search: string }[] {
  const ids: string[] = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['UTC'];
  return ids
    .map((id) => {
      const label = zoneLabel(id);
      const region = id.includes('/') ? id.split('/')[0] : '';
      return { id, label, search: `${label} ${id.replaceAll('_', ' ')} ${region}`.toLowerCase() };
    })
    .sort((a, b) => a.label.localeCompare(b.label));
}

/** "America/New_York" → "New York", "UTC" → "UTC": the place a person would name (English). */
export const placeOf = (timeZone: string): string => zoneLabel(timeZone).replace(/ time$/, '');
