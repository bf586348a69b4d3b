import { describe, expect, it } from 'vitest';
import { readFixture } from '../../../test-support/fixture-server';
import { parseDiseaseSh } from './disease-sh';
import { SnapshotSource } from './snapshot';
import { SourceFormatError } from './source';
import { parseWhoDon, severityOf } from './who-don';

const fixture = async (name: string) => JSON.parse(await readFixture(new URL(`../fixtures/${name}`, import.meta.url)));

describe('WHO Disease Outbreak News parser', () => {
  it('reads the OData items: id, disease and country from the title, counts from the summary', async () => {
    const cases = parseWhoDon(await fixture('who-don.json'));
    expect(cases).toHaveLength(3);
    expect(cases[0]).toMatchObject({
      externalId: '2024-DON537',
      diseaseName: 'Marburg virus disease',
      country: 'Rwanda',
      severity: 'critical',
      confirmedCases: 58,
      deaths: 13,
      recoveredCases: 10,
      sourceAgency: 'World Health Organization',
    });
    expect(cases[0].lastUpdated.toISOString()).toBe('2024-10-11T16:00:00.000Z');
    expect(cases[1]).toMatchObject({
      diseaseName: 'Measles',
      country: 'United States of America',
      confirmedCases: 301,
    });
    expect(cases[2]).toMatchObject({ diseaseName: 'Avian Influenza A(H5N1)', country: 'Cambodia', deaths: 2 });
  });

  it('refuses a payload that is not the OData shape', () => {
    expect(() => parseWhoDon([{ Title: 'x' }])).toThrow(SourceFormatError);
    expect(() => parseWhoDon(null)).toThrow(SourceFormatError);
  });

  it('rates severity by disease and toll', () => {
    expect(severityOf('Ebola virus disease', 1, 0)).toBe('critical');
    expect(severityOf('Cholera', 5000, 150)).toBe('critical');
    expect(severityOf('Cholera', 1200, 3)).toBe('high');
    expect(severityOf('Dengue', 60, 0)).toBe('medium');
    expect(severityOf('Dengue', 3, null)).toBe('low');
  });
});

describe('disease.sh parser', () => {
  it('keeps countries with cases, keyed by disease and ISO code, rated by active cases per million', async () => {
    const cases = parseDiseaseSh(await fixture('disease-sh.json'));
    expect(cases.map((c) => c.externalId)).toEqual(['COVID-19:USA', 'COVID-19:AUT', 'COVID-19:VAT']);
    expect(cases[0]).toMatchObject({
      diseaseName: 'COVID-19',
      country: 'USA',
      location: 'North America',
      confirmedCases: 111820082,
      activeCases: 786167,
      recoveredCases: 109814428,
      deaths: 1219487,
      severity: 'high',
    });
    expect(cases[0].lastUpdated.toISOString()).toBe('2025-10-15T00:00:00.000Z');
    expect(cases[1].severity).toBe('low');
  });

  it('refuses anything but an array', () => {
    expect(() => parseDiseaseSh({ message: 'Country not found' })).toThrow(SourceFormatError);
  });
});

describe('bundled snapshot', () => {
  it('is dated and valid', async () => {
    const cases = await new SnapshotSource().fetchCases();
    expect(cases.length).toBeGreaterThanOrEqual(10);
    expect(new Set(cases.map((c) => c.externalId)).size).toBe(cases.length);
    expect(cases.some((c) => c.severity === 'critical')).toBe(true);
  });
});
