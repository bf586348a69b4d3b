import type { OutbreakSeverity } from '@common/constants/outbreak';
import { cleanText, countOrNull, fetchJson, SourceFormatError, type OutbreakSource, type SourcedCase } from './source';

/**
 * WHO Disease Outbreak News through WHO's public OData API
 * (`https://www.who.int/api/hubs/diseaseoutbreaknews?$orderby=PublicationDate%20desc&$top=50`):
 * `{ "value": [ { Id, DonId, Title, PublicationDate, LastModified, Summary, ... } ] }`. A title
 * reads "Disease – Country"; the counts are in the summary's prose, when it gives them.
 */
export class WhoDonSource implements OutbreakSource {
  readonly name = 'who-don' as const;
  constructor(private readonly url: string) {}

  async fetchCases(signal: AbortSignal): Promise<SourcedCase[]> {
    return parseWhoDon(await fetchJson(this.url, signal));
  }
}

/** Diseases WHO treats as high-consequence: any report of them is critical. */
const HIGH_CONSEQUENCE =
  /ebola|marburg|sudan virus|nipah|mers|middle east respiratory|plague|smallpox|lassa|crimean-congo/i;

type DonItem = Record<string, unknown>;

export function parseWhoDon(payload: unknown): SourcedCase[] {
  const items = (payload as { value?: unknown })?.value;
  if (!Array.isArray(items)) throw new SourceFormatError('WHO DON: expected an object with a "value" array');
  const cases: SourcedCase[] = [];
  for (const item of items as DonItem[]) {
    const parsed = parseItem(item);
    if (parsed) cases.push(parsed);
  }
  return cases;
}

function parseItem(item: DonItem): SourcedCase | null {
  const externalId = cleanText(item.DonId, 60) || cleanText(item.Id, 60);
  const title = cleanText(item.Title ?? item.OverrideTitle, 200);
  const published = new Date(String(item.LastModified ?? item.PublicationDate ?? ''));
  if (!externalId || !title || Number.isNaN(published.getTime())) return null;
  const { disease, country } = splitTitle(title);
  const text = cleanText(`${item.Summary ?? ''} ${item.Epidemiology ?? ''}`, 20_000);
  // "58 confirmed cases", "301 confirmed measles cases", "13 deaths", "10 patients have recovered".
  const confirmedCases = firstCount(text, /(\d[\d,]{0,14})\s+(?:[a-z()-]+\s+){0,2}cases/i);
  const deaths = firstCount(text, /(\d[\d,]{0,14})\s+(?:[a-z-]+\s+){0,1}deaths/i);
  const recoveredCases = firstCount(text, /(\d[\d,]{0,14})\s+(?:[a-z]+\s+){0,2}recovered/i);
  return {
    externalId,
    diseaseName: disease,
    severity: severityOf(disease, confirmedCases, deaths),
    location: country,
    country,
    confirmedCases,
    activeCases: null,
    recoveredCases,
    deaths,
    lastUpdated: published,
    sourceAgency: 'World Health Organization',
  };
}

/** "Marburg virus disease – Rwanda", "Avian Influenza A(H5N1) - Cambodia"; no dash: a global item. */
function splitTitle(title: string): { disease: string; country: string } {
  const match = /^(.*\S)\s+[-–—]\s+(.+)$/.exec(title);
  if (!match) return { disease: title, country: 'Global' };
  return { disease: match[1], country: match[2] };
}

function firstCount(text: string, pattern: RegExp): number | null {
  const match = pattern.exec(text);
  return match ? countOrNull(match[1]) : null;
}

export function severityOf(disease: string, cases: number | null, deaths: number | null): OutbreakSeverity {
  if (HIGH_CONSEQUENCE.test(disease) || (deaths ?? 0) >= 100) return 'critical';
  if ((deaths ?? 0) >= 10 || (cases ?? 0) >= 1000) return 'high';
  if ((deaths ?? 0) >= 1 || (cases ?? 0) >= 50) return 'medium';
  return 'low';
}
