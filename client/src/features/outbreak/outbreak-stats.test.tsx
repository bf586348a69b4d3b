// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { createIntl } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { INTL_LOCALE, type Language } from '@common/i18n/languages';
import type { OutbreakStatistics } from '@common/schemas/outbreak';
import { markLoadedForTests } from '../../lib/i18n/areas';
import { collect } from '../../lib/i18n/collect';
import { setFallbackIntl } from '../../lib/i18n/use-t';
import { OutbreakStats } from './outbreak-stats';

const FILES = import.meta.glob(['../../../../common/i18n/*/*.json', '../../../../common/i18n/*/screens/*.json'], {
  eager: true,
  import: 'default',
});
function speak(language: Language) {
  const files = Object.fromEntries(Object.entries(FILES).filter(([file]) => file.includes(`/i18n/${language}/`)));
  markLoadedForTests(language, ['outbreak', 'when']);
  setFallbackIntl(createIntl({ locale: INTL_LOCALE[language], messages: collect(files) }), language);
}

afterEach(() => {
  cleanup();
  speak('en');
});

const coverage = (reporting: number, from: string | null, to: string | null, agencies: string[]) => ({
  reporting,
  agencies,
  from,
  to,
});
const stats = {
  approximate: false,
  totalCases: 1_234_567,
  activeCases: 12,
  totalRecovered: 0,
  totalDeaths: 2_500,
  outbreakCount: 2,
  runningTotalCount: 2,
  dataAsOf: '2025-10-10T00:00:00.000Z',
  snapshotAsOf: null,
  stale: false,
  staleAfterDays: 30,
  coverage: {
    confirmed: coverage(2, '2025-10-01T00:00:00.000Z', '2025-10-10T00:00:00.000Z', ['WHO', 'CDC']),
    active: coverage(1, '2025-10-10T00:00:00.000Z', '2025-10-10T00:00:00.000Z', ['WHO']),
    recovered: coverage(0, null, null, []),
    deaths: coverage(2, '2025-10-10T00:00:00.000Z', '2025-10-10T00:00:00.000Z', ['WHO', 'CDC']),
  },
} as OutbreakStatistics;

// The tiles' region is the one named by aria-label (the section is named by its heading).
const tiles = () => document.querySelector('[role="region"][aria-label]')?.textContent ?? '';

describe('the outbreak totals in Spanish and Arabic', () => {
  it('says the counts, plurals, agency lists and report days in Spanish', () => {
    speak('es');
    render(<OutbreakStats stats={stats} />);
    expect(screen.getByRole('heading', { name: 'Totales de 2 brotes nacionales' })).toBeTruthy();
    expect(screen.getByText(/2 totales mundiales o acumulados se muestran abajo, pero no se suman/)).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Estadísticas de brotes' })).toBeTruthy();
    const text = tiles();
    expect(text).toContain('1.234.567');
    expect(text).toContain('En 1 de 2 brotes');
    expect(text).toContain('En los 2 brotes');
    expect(text).toContain('WHO y CDC, informes del 1 oct 2025 al 10 oct 2025');
    expect(text).toContain('Ningún brote notifica esta cifra');
    expect(text).not.toMatch(/outbreak|Confirmed|as of/);
  });

  it('uses the Arabic dual and Western digits, and names no English word of its own', () => {
    speak('ar');
    render(<OutbreakStats stats={stats} />);
    expect(screen.getByRole('heading').textContent).toContain('حالتَي تفشٍّ وطنيتين');
    expect(screen.getByText(/يظهر أدناه عددان عالميان أو تراكميان/)).toBeTruthy();
    const text = tiles();
    expect(text).toContain('1,234,567');
    expect(text).toContain('أكتوبر');
    expect(text).toContain('WHO وCDC');
    // Only the agencies' own abbreviations stay in Latin letters.
    expect(text.replace(/WHO|CDC/g, '')).not.toMatch(/[A-Za-z]/);
  });
});
