/**
 * The numbers that bring help in a medical emergency, by country: every country Medora lists
 * (`COUNTRIES`, common/constants/countries.ts). The assistant says them first
 * when a message reads like an emergency (issue 42, item 5).
 *
 * `emergency`: the numbers that reach an ambulance, the most direct first (where police and fire
 * have their own numbers they are left out: a person in danger should not have to choose).
 * `crisis`: a national suicide or crisis line, only where one is well established; a country
 * whose line we could not confirm has none, and the assistant says so rather than guess.
 * Countries missing here (Tanzania, Papua New Guinea) get the generic advice for the same reason.
 */
export type EmergencyNumbers = {
  /** ISO 3166-1 alpha-2, as a browser's region names the country. */
  readonly code: string;
  /** The English name, as profiles and the directory store the country. */
  readonly country: string;
  readonly emergency: readonly string[];
  readonly crisis?: readonly string[];
};

const TABLE: readonly EmergencyNumbers[] = [
  // Europe
  { code: 'GB', country: 'United Kingdom', emergency: ['999', '112'], crisis: ['116 123'] },
  { code: 'IE', country: 'Ireland', emergency: ['112', '999'], crisis: ['116 123'] },
  { code: 'DE', country: 'Germany', emergency: ['112'], crisis: ['0800 111 0 111', '0800 111 0 222'] },
  { code: 'FR', country: 'France', emergency: ['15', '112'], crisis: ['3114'] },
  { code: 'ES', country: 'Spain', emergency: ['112'], crisis: ['024'] },
  { code: 'IT', country: 'Italy', emergency: ['112', '118'] },
  { code: 'NL', country: 'Netherlands', emergency: ['112'], crisis: ['113', '0800 0113'] },
  { code: 'SE', country: 'Sweden', emergency: ['112'], crisis: ['90101'] },
  { code: 'CH', country: 'Switzerland', emergency: ['144', '112'], crisis: ['143'] },
  { code: 'PT', country: 'Portugal', emergency: ['112'] },
  { code: 'PL', country: 'Poland', emergency: ['112', '999'] },
  // In Norway 112 is the police; 113 is the medical emergency line.
  { code: 'NO', country: 'Norway', emergency: ['113'], crisis: ['116 123'] },
  { code: 'GR', country: 'Greece', emergency: ['112', '166'] },
  { code: 'BE', country: 'Belgium', emergency: ['112'], crisis: ['1813'] },
  { code: 'TR', country: 'Turkey', emergency: ['112'] },
  // The Americas
  { code: 'US', country: 'United States', emergency: ['911'], crisis: ['988'] },
  { code: 'CA', country: 'Canada', emergency: ['911'], crisis: ['988'] },
  { code: 'JM', country: 'Jamaica', emergency: ['110'] },
  { code: 'MX', country: 'Mexico', emergency: ['911'], crisis: ['800 911 2000'] },
  { code: 'BR', country: 'Brazil', emergency: ['192'], crisis: ['188'] },
  { code: 'AR', country: 'Argentina', emergency: ['107', '911'] },
  { code: 'CO', country: 'Colombia', emergency: ['123'] },
  { code: 'CL', country: 'Chile', emergency: ['131'] },
  { code: 'PE', country: 'Peru', emergency: ['106', '116'] },
  { code: 'CR', country: 'Costa Rica', emergency: ['911'] },
  // Africa
  { code: 'NG', country: 'Nigeria', emergency: ['112'] },
  { code: 'ZA', country: 'South Africa', emergency: ['10177', '112'], crisis: ['0800 567 567'] },
  { code: 'KE', country: 'Kenya', emergency: ['999', '112'] },
  { code: 'GH', country: 'Ghana', emergency: ['112', '193'] },
  { code: 'ET', country: 'Ethiopia', emergency: ['907'] },
  { code: 'UG', country: 'Uganda', emergency: ['112', '999'] },
  { code: 'SN', country: 'Senegal', emergency: ['1515', '18'] },
  { code: 'RW', country: 'Rwanda', emergency: ['912', '112'] },
  // Middle East and North Africa
  { code: 'AE', country: 'United Arab Emirates', emergency: ['998', '999'] },
  { code: 'EG', country: 'Egypt', emergency: ['123'] },
  { code: 'SA', country: 'Saudi Arabia', emergency: ['997', '911'] },
  { code: 'MA', country: 'Morocco', emergency: ['15'] },
  { code: 'JO', country: 'Jordan', emergency: ['911'] },
  { code: 'QA', country: 'Qatar', emergency: ['999'] },
  { code: 'TN', country: 'Tunisia', emergency: ['190'] },
  // South Asia
  { code: 'IN', country: 'India', emergency: ['112', '108'], crisis: ['14416'] },
  { code: 'PK', country: 'Pakistan', emergency: ['1122', '115'] },
  { code: 'BD', country: 'Bangladesh', emergency: ['999'] },
  { code: 'LK', country: 'Sri Lanka', emergency: ['1990'] },
  { code: 'NP', country: 'Nepal', emergency: ['102'] },
  // East Asia
  { code: 'JP', country: 'Japan', emergency: ['119'], crisis: ['0570-064-556'] },
  { code: 'CN', country: 'China', emergency: ['120'] },
  { code: 'KR', country: 'South Korea', emergency: ['119'], crisis: ['109'] },
  { code: 'MN', country: 'Mongolia', emergency: ['103'] },
  // South-East Asia
  { code: 'SG', country: 'Singapore', emergency: ['995'], crisis: ['1767'] },
  { code: 'PH', country: 'Philippines', emergency: ['911'], crisis: ['1553'] },
  { code: 'MY', country: 'Malaysia', emergency: ['999'] },
  { code: 'ID', country: 'Indonesia', emergency: ['112', '119'] },
  { code: 'TH', country: 'Thailand', emergency: ['1669'], crisis: ['1323'] },
  { code: 'VN', country: 'Vietnam', emergency: ['115'] },
  // Oceania
  { code: 'AU', country: 'Australia', emergency: ['000', '112'], crisis: ['13 11 14'] },
  { code: 'NZ', country: 'New Zealand', emergency: ['111'], crisis: ['1737'] },
  { code: 'FJ', country: 'Fiji', emergency: ['911'] },
];

export const EMERGENCY_NUMBERS: ReadonlyMap<string, EmergencyNumbers> = new Map(TABLE.map((row) => [row.code, row]));

const BY_NAME: ReadonlyMap<string, EmergencyNumbers> = new Map(TABLE.map((row) => [row.country.toLowerCase(), row]));

/** A country's numbers by its region code ("EG") or the English name a profile stores ("Egypt"). */
export function emergencyNumbersFor(country: string | null | undefined): EmergencyNumbers | undefined {
  const value = country?.trim();
  if (!value) return undefined;
  if (/^[a-z]{2}$/i.test(value)) return EMERGENCY_NUMBERS.get(value.toUpperCase());
  return BY_NAME.get(value.toLowerCase());
}
