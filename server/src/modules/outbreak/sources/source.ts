import type { OutbreakSeverity, OutbreakSourceName } from '@common/constants/outbreak';

/** One outbreak as a source reports it, before it is stored. */
export type SourcedCase = {
  /** Stable across fetches, so a sync updates the same row instead of adding another. */
  externalId: string;
  diseaseName: string;
  severity: OutbreakSeverity;
  location: string;
  country: string;
  confirmedCases: number | null;
  activeCases: number | null;
  recoveredCases: number | null;
  deaths: number | null;
  lastUpdated: Date;
  sourceAgency: string;
};

export interface OutbreakSource {
  readonly name: OutbreakSourceName;
  fetchCases(signal: AbortSignal): Promise<SourcedCase[]>;
}

/** The source answered something other than its published format. */
export class SourceFormatError extends Error {}

const MAX_BODY_BYTES = 20 * 1024 * 1024;

/** GET a JSON document; the caller's signal carries the timeout. */
export async function fetchJson(url: string, signal: AbortSignal): Promise<unknown> {
  const response = await fetch(url, { signal, headers: { accept: 'application/json' }, redirect: 'follow' });
  if (!response.ok) throw new Error(`${new URL(url).host} answered ${response.status} ${response.statusText}`.trim());
  const length = Number(response.headers.get('content-length') ?? 0);
  if (length > MAX_BODY_BYTES) throw new SourceFormatError('response too large');
  const body = await response.text();
  if (body.length > MAX_BODY_BYTES) throw new SourceFormatError('response too large');
  try {
    return JSON.parse(body);
  } catch {
    throw new SourceFormatError('response is not JSON');
  }
}

/** Free text from a feed, made safe to store and show: no control characters or markup, bounded. */
export function cleanText(value: unknown, max = 200): string {
  if (typeof value !== 'string') return '';
  return value
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max);
}

/** A non-negative whole count, or null when the source has none. */
export function countOrNull(value: unknown): number | null {
  const n = typeof value === 'string' ? Number(value.replace(/,/g, '')) : value;
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 ? Math.floor(n) : null;
}
