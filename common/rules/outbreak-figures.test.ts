import { describe, expect, it } from 'vitest';
import {
  ageInWords,
  figureReach,
  figureSource,
  isOutOfDate,
  outbreakScope,
  outOfDateNotice,
  summarizeOutbreaks,
  type CaseFigures,
} from './outbreak-figures';

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

describe('labels of a figure', () => {
  it('names its agencies and its date, or the span of its reports', () => {
    const coverage = { reporting: 2, agencies: ['WHO'], from: ago(1), to: ago(1) };
    expect(figureSource(coverage)).toBe('WHO, as of 25 Nov 2026');
    expect(figureSource({ ...coverage, agencies: ['WHO', 'CDC', 'PAHO'], from: ago(40) })).toBe(
      'WHO, CDC and PAHO, reports of 17 Oct 2026 to 25 Nov 2026',
    );
    expect(figureSource({ reporting: 0, agencies: [], from: null, to: null })).toBe('No outbreak reports this figure');
    expect(figureReach(coverage, 2)).toBe('all 2 outbreaks');
    expect(figureReach(coverage, 9)).toBe('2 of 9 outbreaks');
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
    expect(ageInWords(ago(31), now)).toBe('31 days');
    expect(ageInWords(ago(400), now)).toBe('13 months');
    expect(ageInWords(ago(800), now)).toBe('2 years');
    expect(outOfDateNotice(ago(31), now)).toBe(
      'The newest report in this data is from 26 Oct 2026, 31 days old. Outbreak figures older than 30 days may no ' +
        'longer describe the situation; check the source agencies for current figures.',
    );
    expect(outOfDateNotice(ago(45), now, { bought: true })).toContain('45 days before this report was bought.');
  });
});
