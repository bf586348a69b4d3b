import { describe, expect, it } from 'vitest';
import { isOutOfDate, outbreakScope, reportAge, summarizeOutbreaks, type CaseFigures } from './outbreak-figures';

const DAY = 86_400_000;
const now = new Date('2026-11-26T12:00:00Z');
const ago = (days: number) => new Date(now.getTime() - days * DAY).toISOString();

const base: CaseFigures = {
  source: 'who-don',
  country: 'Sudan',
  confirmedCases: null,
  activeCases: null,
  recoveredCases: null,
  deaths: null,
  lastUpdated: ago(1),
  sourceAgency: 'World Health Organization',
};

describe('summarizeOutbreaks', () => {
  it('adds each figure over the outbreaks that give it and leaves running totals out', () => {
    const summary = summarizeOutbreaks([
      { ...base, confirmedCases: 100, activeCases: 5 },
      {
        ...base,
        country: 'Chad',
        confirmedCases: 50,
        lastUpdated: ago(3),
        sourceAgency: 'Pan American Health Organization',
      },
      { ...base, country: 'Global', confirmedCases: 778_000_000 },
      { ...base, source: 'disease-sh', country: 'USA', confirmedCases: 111_000_000, activeCases: 786_000 },
    ]);
    expect(summary.totals).toEqual({ confirmed: 150, active: 5, recovered: 0, deaths: 0 });
    expect(summary.outbreakCount).toBe(2);
    expect(summary.runningTotalCount).toBe(2);
    expect(summary.coverage.confirmed).toEqual({ reporting: 2, agencies: ['PAHO', 'WHO'], from: ago(3), to: ago(1) });
    expect(summary.coverage.active.reporting).toBe(1);
    expect(summary.coverage.recovered).toEqual({ reporting: 0, agencies: [], from: null, to: null });
    expect(summary.dataAsOf).toBe(ago(1));
  });

  it('has nothing to add with no data', () => {
    expect(summarizeOutbreaks([])).toMatchObject({ outbreakCount: 0, dataAsOf: null, totals: { confirmed: 0 } });
  });

  it('tells running totals from country outbreaks', () => {
    expect(outbreakScope({ source: 'snapshot', country: 'Global' })).toBe('running-total');
    expect(outbreakScope({ source: 'disease-sh', country: 'Austria' })).toBe('running-total');
    expect(outbreakScope({ source: 'who-don', country: 'Rwanda' })).toBe('outbreak');
  });
});

describe('out-of-date data', () => {
  it('is data whose newest report is older than 30 days', () => {
    expect(isOutOfDate(ago(29), now)).toBe(false);
    expect(isOutOfDate(ago(30), now)).toBe(false);
    expect(isOutOfDate(ago(31), now)).toBe(true);
    expect(isOutOfDate(null, now)).toBe(false);
  });

  it('says how old in days, months or years', () => {
    expect(reportAge(ago(31), now)).toEqual({ unit: 'days', count: 31 });
    expect(reportAge(ago(59), now)).toEqual({ unit: 'days', count: 59 });
    expect(reportAge(ago(60), now)).toEqual({ unit: 'months', count: 1 });
    expect(reportAge(ago(400), now)).toEqual({ unit: 'months', count: 13 });
    expect(reportAge(ago(800), now)).toEqual({ unit: 'years', count: 2 });
  });
});
