/**
 * Every country Medora lists doctors in, once: the profile builder's pick list, the directory's
 * country words, the demo seed's countries and the zone a profile starts with when its country is
 * picked (countries with several zones start at their most populous one; the doctor can pick any
 * IANA zone afterwards). Names are English, as profiles store them; screens show them in the
 * reader's language (common/i18n/names.ts).
 */
export const COUNTRY_CATALOG = [
  { name: 'Argentina', timeZone: 'America/Argentina/Buenos_Aires' },
  { name: 'Australia', timeZone: 'Australia/Sydney' },
  { name: 'Bangladesh', timeZone: 'Asia/Dhaka' },
  { name: 'Belgium', timeZone: 'Europe/Brussels' },
  { name: 'Brazil', timeZone: 'America/Sao_Paulo' },
  { name: 'Canada', timeZone: 'America/Toronto' },
  { name: 'Chile', timeZone: 'America/Santiago' },
  { name: 'China', timeZone: 'Asia/Shanghai' },
  { name: 'Colombia', timeZone: 'America/Bogota' },
  { name: 'Costa Rica', timeZone: 'America/Costa_Rica' },
  { name: 'Egypt', timeZone: 'Africa/Cairo' },
  { name: 'Ethiopia', timeZone: 'Africa/Addis_Ababa' },
  { name: 'Fiji', timeZone: 'Pacific/Fiji' },
  { name: 'France', timeZone: 'Europe/Paris' },
  { name: 'Germany', timeZone: 'Europe/Berlin' },
  { name: 'Ghana', timeZone: 'Africa/Accra' },
  { name: 'Greece', timeZone: 'Europe/Athens' },
  { name: 'India', timeZone: 'Asia/Kolkata' },
  { name: 'Indonesia', timeZone: 'Asia/Jakarta' },
  { name: 'Ireland', timeZone: 'Europe/Dublin' },
  { name: 'Italy', timeZone: 'Europe/Rome' },
  { name: 'Jamaica', timeZone: 'America/Jamaica' },
  { name: 'Japan', timeZone: 'Asia/Tokyo' },
  { name: 'Jordan', timeZone: 'Asia/Amman' },
  { name: 'Kenya', timeZone: 'Africa/Nairobi' },
  { name: 'Malaysia', timeZone: 'Asia/Kuala_Lumpur' },
  { name: 'Mexico', timeZone: 'America/Mexico_City' },
  { name: 'Mongolia', timeZone: 'Asia/Ulaanbaatar' },
  { name: 'Morocco', timeZone: 'Africa/Casablanca' },
  { name: 'Nepal', timeZone: 'Asia/Kathmandu' },
  { name: 'Netherlands', timeZone: 'Europe/Amsterdam' },
  { name: 'New Zealand', timeZone: 'Pacific/Auckland' },
  { name: 'Nigeria', timeZone: 'Africa/Lagos' },
  { name: 'Norway', timeZone: 'Europe/Oslo' },
  { name: 'Pakistan', timeZone: 'Asia/Karachi' },
  { name: 'Papua New Guinea', timeZone: 'Pacific/Port_Moresby' },
  { name: 'Peru', timeZone: 'America/Lima' },
  { name: 'Philippines', timeZone: 'Asia/Manila' },
  { name: 'Poland', timeZone: 'Europe/Warsaw' },
  { name: 'Portugal', timeZone: 'Europe/Lisbon' },
  { name: 'Qatar', timeZone: 'Asia/Qatar' },
  { name: 'Rwanda', timeZone: 'Africa/Kigali' },
  { name: 'Saudi Arabia', timeZone: 'Asia/Riyadh' },
  { name: 'Senegal', timeZone: 'Africa/Dakar' },
  { name: 'Singapore', timeZone: 'Asia/Singapore' },
  { name: 'South Africa', timeZone: 'Africa/Johannesburg' },
  { name: 'South Korea', timeZone: 'Asia/Seoul' },
  { name: 'Spain', timeZone: 'Europe/Madrid' },
  { name: 'Sri Lanka', timeZone: 'Asia/Colombo' },
  { name: 'Sweden', timeZone: 'Europe/Stockholm' },
  { name: 'Switzerland', timeZone: 'Europe/Zurich' },
  { name: 'Tanzania', timeZone: 'Africa/Dar_es_Salaam' },
  { name: 'Thailand', timeZone: 'Asia/Bangkok' },
  { name: 'Tunisia', timeZone: 'Africa/Tunis' },
  { name: 'Turkey', timeZone: 'Europe/Istanbul' },
  { name: 'Uganda', timeZone: 'Africa/Kampala' },
  { name: 'United Arab Emirates', timeZone: 'Asia/Dubai' },
  { name: 'United Kingdom', timeZone: 'Europe/London' },
  { name: 'United States', timeZone: 'America/New_York' },
  { name: 'Vietnam', timeZone: 'Asia/Ho_Chi_Minh' },
] as const;

export type Country = (typeof COUNTRY_CATALOG)[number]['name'];

export const COUNTRIES: readonly Country[] = COUNTRY_CATALOG.map((country) => country.name);

const zones: ReadonlyMap<string, string> = new Map(COUNTRY_CATALOG.map((country) => [country.name, country.timeZone]));

/** The zone a profile starts with in this country; undefined for a country not in the catalogue. */
export const defaultTimeZone = (country: string): string | undefined => zones.get(country);

/** A catalogue country's zone. */
export const zoneOf = (country: Country): string => zones.get(country) ?? 'UTC';
