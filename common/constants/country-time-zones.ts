import type { Country } from './lists';

/**
 * The time zone a doctor's profile starts with when they pick a country. Countries with
 * several zones start at their most populous one; the doctor can pick any IANA zone afterwards.
 */
export const COUNTRY_TIME_ZONES: Record<Country, string> = {
  'United States': 'America/New_York',
  Canada: 'America/Toronto',
  'United Kingdom': 'Europe/London',
  Australia: 'Australia/Sydney',
  Germany: 'Europe/Berlin',
  France: 'Europe/Paris',
  Spain: 'Europe/Madrid',
  Italy: 'Europe/Rome',
  Netherlands: 'Europe/Amsterdam',
  India: 'Asia/Kolkata',
  Pakistan: 'Asia/Karachi',
  Nigeria: 'Africa/Lagos',
  'South Africa': 'Africa/Johannesburg',
  Kenya: 'Africa/Nairobi',
  Brazil: 'America/Sao_Paulo',
  Mexico: 'America/Mexico_City',
  'United Arab Emirates': 'Asia/Dubai',
  Singapore: 'Asia/Singapore',
  Ireland: 'Europe/Dublin',
  'New Zealand': 'Pacific/Auckland',
  Sweden: 'Europe/Stockholm',
  Switzerland: 'Europe/Zurich',
  Egypt: 'Africa/Cairo',
  'Saudi Arabia': 'Asia/Riyadh',
  Japan: 'Asia/Tokyo',
  China: 'Asia/Shanghai',
  Philippines: 'Asia/Manila',
  Argentina: 'America/Argentina/Buenos_Aires',
  Ghana: 'Africa/Accra',
};

export function defaultTimeZone(country: string): string | undefined {
  return (COUNTRY_TIME_ZONES as Record<string, string>)[country];
}
