import type { OutbreakSeverity } from '@common/constants/outbreak';
import { cleanText, countOrNull, fetchJson, SourceFormatError, type OutbreakSource, type SourcedCase } from './source';

/**
 * disease.sh case counts per country (`https://disease.sh/v3/covid-19/countries`): an array of
 * `{ updated, country, countryInfo: { iso3, ... }, cases, active, recovered, deaths, population, ... }`.
 * Countries without cases are left out; severity follows active cases per million inhabitants.
 */
export class DiseaseShSource implements OutbreakSource {
  readonly name = 'disease-sh' as const;
  constructor(
    private readonly url: string,
    private readonly diseaseName = 'COVID-19',
  ) {}

  async fetchCases(signal: AbortSignal): Promise<SourcedCase[]> {
    return parseDiseaseSh(await fetchJson(this.url, signal), this.diseaseName);
  }
}

type CountryRow = Record<string, unknown> & { countryInfo?: Record<string, unknown> };

export function parseDiseaseSh(payload: unknown, diseaseName = 'COVID-19'): SourcedCase[] {
  if (!Array.isArray(payload)) throw new SourceFormatError('disease.sh: expected an array of countries');
  const cases: SourcedCase[] = [];
  for (const row of payload as CountryRow[]) {
    const country = cleanText(row?.country, 100);
    const confirmedCases = countOrNull(row?.cases);
    const updated = new Date(Number(row?.updated));
    if (!country || !confirmedCases || Number.isNaN(updated.getTime())) continue;
    const iso = cleanText(row.countryInfo?.iso3, 3) || country;
    const activeCases = countOrNull(row.active);
    cases.push({
      externalId: `${diseaseName}:${iso}`,
      diseaseName,
      severity: severityPerMillion(activeCases, countOrNull(row.population)),
      location: cleanText(row.continent, 60) || country,
      country,
      confirmedCases,
      activeCases,
      recoveredCases: countOrNull(row.recovered),
      deaths: countOrNull(row.deaths),
      lastUpdated: updated,
      sourceAgency: 'disease.sh (Johns Hopkins CSSE, Worldometers)',
    });
  }
  return cases;
}

function severityPerMillion(active: number | null, population: number | null): OutbreakSeverity {
  if (!active || !population) return 'low';
  const perMillion = (active / population) * 1e6;
  if (perMillion >= 5000) return 'critical';
  if (perMillion >= 1000) return 'high';
  if (perMillion >= 100) return 'medium';
  return 'low';
}
