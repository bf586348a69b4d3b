/**
 * Every country Medora lists doctors in, once: the profile builder's pick list, the directory's
 * country words, the demo seed's countries and the zone a profile starts with when its country is
 * picked (countries with several zones start at their most populous one; the doctor can pick any
 * IANA zone afterwards). Names are English, as profiles store them; screens show them in the
 * reader's language (common/i18n/names.ts) by the ISO 3166 code beside them.
 */
export const COUNTRY_CATALOG = [
  { name: 'Argentina', code: 'AR', timeZone: 'America/Argentina/Buenos_Aires' },
  { name: 'Australia', code: 'AU', timeZone: 'Australia/Sydney' },
  { name: 'Bangladesh', code: 'BD', timeZone: 'Asia/Dhaka' },
  { name: 'Belgium', code: 'BE', timeZone: 'Europe/Brussels' },
  { name: 'Brazil', code: 'BR', timeZone: 'America/Sao_Paulo' },
  { name: 'Canada', code: 'CA', timeZone: 'America/Toronto' },
  { name: 'Chile', code: 'CL', timeZone: 'America/Santiago' },
  { name: 'China', code: 'CN', timeZone: 'Asia/Shanghai' },
  { name: 'Colombia', code: 'CO', timeZone: 'America/Bogota' },
  { name: 'Costa Rica', code: 'CR', timeZone: 'America/Costa_Rica' },
  { name: 'Egypt', code: 'EG', timeZone: 'Africa/Cairo' },
  { name: 'Ethiopia', code: 'ET', timeZone: 'Africa/Addis_Ababa' },
  { name: 'Fiji', code: 'FJ', timeZone: 'Pacific/Fiji' },
  { name: 'France', code: 'FR', timeZone: 'Europe/Paris' },
  { name: 'Germany', code: 'DD', timeZone: 'Europe/Berlin' },
  { name: 'Ghana', code: 'GH', timeZone: 'Africa/Accra' },
  { name: 'Greece', code: 'GR', timeZone: 'Europe/Athens' },
  { name: 'India', code: 'IN', timeZone: 'Asia/Kolkata' },
  { name: 'Indonesia', code: 'ID', timeZone: 'Asia/Jakarta' },
  { name: 'Ireland', code: 'IE', timeZone: 'Europe/Dublin' },
  { name: 'Italy', code: 'IT', timeZone: 'Europe/Rome' },
  { name: 'Jamaica', code: 'JM', timeZone: 'America/Jamaica' },
  { name: 'Japan', code: 'JP', timeZone: 'Asia/Tokyo' },
  { name: 'Jordan', code: 'JO', timeZone: 'Asia/Amman' },
  { name: 'Kenya', code: 'KE', timeZone: 'Africa/Nairobi' },
  { name: 'Malaysia', code: 'MY', timeZone: 'Asia/Kuala_Lumpur' },
  { name: 'Mexico', code: 'MX', timeZone: 'America/Mexico_City' },
  { name: 'Mongolia', code: 'MN', timeZone: 'Asia/Ulaanbaatar' },
  { name: 'Morocco', code: 'MA', timeZone: 'Africa/Casablanca' },
  { name: 'Nepal', code: 'NP', timeZone: 'Asia/Kathmandu' },
  { name: 'Netherlands', code: 'NL', timeZone: 'Europe/Amsterdam' },
  { name: 'New Zealand', code: 'NZ', timeZone: 'Pacific/Auckland' },
  { name: 'Nigeria', code: 'NG', timeZone: 'Africa/Lagos' },
  { name: 'Norway', code: 'NO', timeZone: 'Europe/Oslo' },
  { name: 'Pakistan', code: 'PK', timeZone: 'Asia/Karachi' },
  { name: 'Papua New Guinea', code: 'PG', timeZone: 'Pacific/Port_Moresby' },
  { name: 'Peru', code: 'PE', timeZone: 'America/Lima' },
  { name: 'Philippines', code: 'PH', timeZone: 'Asia/Manila' },
  { name: 'Poland', code: 'PL', timeZone: 'Europe/Warsaw' },
  { name: 'Portugal', code: 'PT', timeZone: 'Europe/Lisbon' },
  { name: 'Qatar', code: 'QA', timeZone: 'Asia/Qatar' },
  { name: 'Rwanda', code: 'RW', timeZone: 'Africa/Kigali' },
  { name: 'Saudi Arabia', code: 'SA', timeZone: 'Asia/Riyadh' },
  { name: 'Senegal', code: 'SN', timeZone: 'Africa/Dakar' },
  { name: 'Singapore', code: 'SG', timeZone: 'Asia/Singapore' },
  { name: 'South Africa', code: 'ZA', timeZone: 'Africa/Johannesburg' },
  { name: 'South Korea', code: 'KR', timeZone: 'Asia/Seoul' },
  { name: 'Spain', code: 'ES', timeZone: 'Europe/Madrid' },
  { name: 'Sri Lanka', code: 'LK', timeZone: 'Asia/Colombo' },
  { name: 'Sweden', code: 'SE', timeZone: 'Europe/Stockholm' },
  { name: 'Switzerland', code: 'CH', timeZone: 'Europe/Zurich' },
  { name: 'Tanzania', code: 'TZ', timeZone: 'Africa/Dar_es_Salaam' },
  { name: 'Thailand', code: 'TH', timeZone: 'Asia/Bangkok' },
  { name: 'Tunisia', code: 'TN', timeZone: 'Africa/Tunis' },
  { name: 'Turkey', code: 'TR', timeZone: 'Europe/Istanbul' },
  { name: 'Uganda', code: 'UG', timeZone: 'Africa/Kampala' },
  { name: 'United Arab Emirates', code: 'AE', timeZone: 'Asia/Dubai' },
  { name: 'United Kingdom', code: 'GB', timeZone: 'Europe/London' },
  { name: 'United States', code: 'US', timeZone: 'America/New_York' },
  { name: 'Vietnam', code: 'VD', timeZone: 'Asia/Ho_Chi_Minh' },
] as const;

export type Country = (typeof COUNTRY_CATALOG)[number]['name'];

export const COUNTRIES: readonly Country[] = COUNTRY_CATALOG.map((country) => country.name);

const zones: ReadonlyMap<string, string> = new Map(COUNTRY_CATALOG.map((country) => [country.name, country.timeZone]));

/** A catalogue country's ISO 3166 code by its stored (English) name. */
export const COUNTRY_CODES: ReadonlyMap<string, string> = new Map(
  COUNTRY_CATALOG.map((country) => [country.name, country.code]),
);

/** The zone a profile starts with in this country; undefined for a country not in the catalogue. */
export const defaultTimeZone = (country: string): string | undefined => zones.get(country);

/** A catalogue country's zone. */
export const zoneOf = (country: Country): string => zones.get(country) ?? 'UTC';
