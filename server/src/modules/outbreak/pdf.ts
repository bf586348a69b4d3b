import {
  OUTBREAK_SEVERITIES,
  OUTBREAK_STALE_AFTER_DAYS,
  type OutbreakSeverity,
  type ReportTier,
} from '@common/constants/outbreak';
import { formatDate, formatList, formatNumber } from '@common/i18n/format';
import { DEFAULT_LANGUAGE, type Language } from '@common/i18n/languages';
import {
  agencyShortName,
  isOutOfDate,
  outbreakScope,
  runningTotalKind,
  summarizeOutbreaks,
  type FigureCoverage,
  type OutbreakSummary,
} from '@common/rules/outbreak-figures';
import { translate } from '../../core/i18n';
import { reportAge } from './age';
import { paragraph as write, paragraphHeight, registerScriptFonts, type Align } from '../platform/pdf-text';
import { INK, MARGIN, MUTED, table, widthOf, type Column, type Doc } from './pdf-table';
import type { ReportSnapshot } from './report-snapshot';

type ReportCase = ReportSnapshot['cases'][number];
type Key = Parameters<typeof translate>[1];
type Values = Parameters<typeof translate>[2];

const SEVERITY_COLOURS: Record<OutbreakSeverity, string> = {
  critical: '#b91c1c',
  high: '#ea580c',
  medium: '#ca8a04',
  low: '#15803d',
};
const BRAND = '#0e7490';
const WARNING_INK = '#991b1b';
const WARNING_FILL = '#fee2e2';
/** The cover's labels ("Report date:", "Fecha del informe:") fit their column in each language. */
const COVER_LABEL_WIDTH: Record<Language, number> = { en: 90, es: 120, ar: 120 };
/** A summary lists the most severe outbreaks; the other tiers list every one. */
const SUMMARY_CASE_ROWS = 25;

/**
 * The report's words, numbers and days in the buyer's language, from the catalogue as the monitor
 * says them; disease, country and agency names stay as the sources give them.
 */
function wordsFor(language: Language) {
  const t = (key: Key, values?: Values) => translate(language, key, values);
  const fmt = (n: number | null) => (n === null ? '—' : formatNumber(n, language));
  // A large report prints the same few hundred days thousands of times (measured, then drawn).
  const days = new Map<string, string>();
  const day = (iso: string) => {
    let text = days.get(iso);
    if (text === undefined) {
      text = formatDate(iso, 'compact', language, 'UTC');
      days.set(iso, text);
    }
    return text;
  };
  const age = (asOf: string, now: Date) => reportAge(language, asOf, now);
  return {
    language,
    t,
    fmt,
    day,
    tier: (tier: ReportTier) => t(`pdf.outbreak.tier.${tier}`),
    severity: (severity: OutbreakSeverity) => t(`pdf.outbreak.severity.${severity}`),
    outOfDate: (asOf: string, now: Date) =>
      t('pdf.outbreak.outOfDateNotice', { day: day(asOf), age: age(asOf, now), days: OUTBREAK_STALE_AFTER_DAYS }),
    reach: (coverage: FigureCoverage, count: number) => {
      if (coverage.reporting < count) return t('pdf.outbreak.reach.some', { reporting: coverage.reporting, count });
      return count === 1 ? t('pdf.outbreak.reach.one') : t('pdf.outbreak.reach.all', { count });
    },
    source: (coverage: FigureCoverage) => {
      if (coverage.reporting === 0 || !coverage.from || !coverage.to) return t('pdf.outbreak.source.none');
      const who = formatList(coverage.agencies, language);
      if (day(coverage.from) === day(coverage.to)) return t('pdf.outbreak.source.asOf', { who, day: day(coverage.to) });
      return t('pdf.outbreak.source.span', { who, from: day(coverage.from), to: day(coverage.to) });
    },
    runningTotal: (c: ReportCase) => t(`pdf.outbreak.running.${runningTotalKind(c)}`),
  };
}
type Words = ReturnType<typeof wordsFor>;

/** Everything the pages print, worked out once from the frozen snapshot. */
type Report = {
  snapshot: ReportSnapshot;
  summary: OutbreakSummary;
  outbreaks: ReportCase[];
  runningTotals: ReportCase[];
  /** The newest report was older than 30 days when the report was bought. */
  outOfDate: boolean;
  words: Words;
};

function prepare(snapshot: ReportSnapshot, language: Language): Report {
  const summary = summarizeOutbreaks(snapshot.cases);
  const dataAsOf = snapshot.dataAsOf ?? summary.dataAsOf;
  return {
    snapshot,
    summary,
    outbreaks: snapshot.cases.filter((c) => outbreakScope(c) === 'outbreak'),
    runningTotals: snapshot.cases.filter((c) => outbreakScope(c) === 'running-total'),
    outOfDate: isOutOfDate(dataAsOf, new Date(snapshot.purchasedAt)),
    words: wordsFor(language),
  };
}

/**
 * Renders the purchased report as a vector PDF in the buyer's language: a cover, a contents page,
 * then each section from a new page; every page numbered "Page n of N". Text stays text, charts
 * are drawn shapes; an Arabic report reads right to left (decision 063).
 */
export async function renderReportPdf(
  snapshot: ReportSnapshot,
  language: Language = DEFAULT_LANGUAGE,
): Promise<Buffer> {
  // Loaded on the first report only: pdfkit and its fonts would otherwise sit in every server's memory.
  const { default: PDFDocument } = await import('pdfkit');
  const report = prepare(snapshot, language);
  const { t } = report.words;
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    lang: language,
    info: {
      Title: t('pdf.outbreak.docTitle', { tier: report.words.tier(snapshot.tier) }),
      Author: 'Medora',
      Subject: t('pdf.outbreak.professionalOnly'),
    },
  });
  registerScriptFonts(doc);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  cover(doc, report);
  // The contents are written once the sections know their first pages.
  doc.addPage();
  const contentsPage = doc.bufferedPageRange().count - 1;
  const sections: { title: string; page: number }[] = [];
  const section = (title: string, draw: () => void) => {
    doc.addPage();
    sections.push({ title, page: doc.bufferedPageRange().count });
    heading(doc, report.words, title);
    draw();
  };
  section(t('pdf.outbreak.section.summary'), () => summaryStatistics(doc, report));
  if (snapshot.tier !== 'summary') section(t('pdf.outbreak.section.countries'), () => countryBreakdown(doc, report));
  section(t('pdf.outbreak.section.cases'), () => caseTable(doc, report));
  if (report.runningTotals.length > 0) {
    section(t('pdf.outbreak.section.totals'), () => runningTotalTable(doc, report));
  }
  contents(doc, report.words, contentsPage, sections);
  footers(doc, report);
  doc.end();
  return done;
}

type Line = { size: number; bold?: boolean; color?: string; align?: Align; x?: number; width?: number; y?: number };

/** One paragraph through pdf-text, which shapes and orders Arabic and draws Latin in Helvetica. */
function say(doc: Doc, { language }: Words, text: string, line: Line) {
  const width = line.width ?? doc.page.width - 2 * MARGIN;
  return write(doc, [{ text, size: line.size, bold: line.bold, color: line.color ?? INK }], {
    x: line.x ?? MARGIN,
    y: line.y,
    width,
    language,
    align: line.align,
  });
}

/** A box `width` wide that starts `offset` from the page's start edge: mirrored in Arabic. */
const fromStart = (doc: Doc, { language }: Words, offset: number, width: number) =>
  language === 'ar' ? doc.page.width - MARGIN - offset - width : MARGIN + offset;

function heading(doc: Doc, words: Words, title: string, size = 16, y: number = MARGIN) {
  say(doc, words, title, { size, bold: true, y });
  doc.y += size * 0.3;
}

function paragraph(doc: Doc, words: Words, text: string, colour = MUTED, size = 9.5) {
  say(doc, words, text, { size, color: colour });
}

function cover(doc: Doc, { snapshot, summary, runningTotals, outOfDate, words }: Report) {
  const { t, day } = words;
  const width = doc.page.width - 2 * MARGIN;
  doc.rect(0, 0, doc.page.width, 170).fill(BRAND);
  say(doc, words, 'Medora', { size: 28, bold: true, color: '#ffffff', y: 48 });
  say(doc, words, t('pdf.outbreak.coverTitle'), { size: 18, color: '#ffffff', y: 88 });
  say(doc, words, words.tier(snapshot.tier), { size: 13, color: '#ffffff', y: 118 });

  doc.rect(MARGIN, 196, width, 34).fill(WARNING_FILL);
  say(doc, words, t('pdf.outbreak.professionalOnly'), {
    size: 14,
    bold: true,
    color: WARNING_INK,
    y: 206,
    align: 'center',
  });

  const dataAsOf = snapshot.dataAsOf ?? summary.dataAsOf;
  const agencies = [...new Set(snapshot.cases.map((c) => agencyShortName(c.sourceAgency)))];
  const outbreaks = t('pdf.outbreak.coversOutbreaks', { count: summary.outbreakCount });
  const lines: [string, string][] = [
    [t('pdf.outbreak.reportDate'), day(snapshot.purchasedAt)],
    [t('pdf.outbreak.reportType'), words.tier(snapshot.tier)],
    [
      t('pdf.outbreak.dataAsOf'),
      dataAsOf ? t('pdf.outbreak.dataAsOfValue', { day: day(dataAsOf) }) : t('pdf.outbreak.noData'),
    ],
    [t('pdf.outbreak.sources'), agencies.length ? formatList(agencies, words.language) : t('pdf.outbreak.noSources')],
    [
      t('pdf.outbreak.covers'),
      runningTotals.length ? t('pdf.outbreak.coversTotals', { outbreaks, count: runningTotals.length }) : outbreaks,
    ],
  ];
  doc.y = 256;
  const labelWidth = COVER_LABEL_WIDTH[words.language];
  for (const [label, value] of lines) {
    const y = doc.y;
    const labelEnd = say(doc, words, `${label}:`, {
      size: 11,
      color: MUTED,
      y,
      x: fromStart(doc, words, 0, labelWidth),
      width: labelWidth,
    });
    const valueEnd = say(doc, words, value, {
      size: 11,
      y,
      x: fromStart(doc, words, labelWidth + 5, width - labelWidth - 5),
      width: width - labelWidth - 5,
    });
    doc.y = Math.max(labelEnd, valueEnd) + 4;
  }
  if (snapshot.snapshotAsOf) {
    doc.y += 6;
    paragraph(doc, words, t('pdf.outbreak.snapshot', { day: day(snapshot.snapshotAsOf) }), INK, 10);
  }
  if (outOfDate && dataAsOf) {
    doc.y += 12;
    const text = words.outOfDate(dataAsOf, new Date(snapshot.purchasedAt));
    const height =
      paragraphHeight(doc, [{ text, size: 10.5 }], { width: width - 24, language: words.language, size: 10.5 }) + 40;
    const top = doc.y;
    doc.rect(MARGIN, top, width, height).fill(WARNING_FILL);
    const inner = { x: MARGIN + 12, width: width - 24, color: WARNING_INK };
    say(doc, words, t('pdf.outbreak.outOfDate'), { ...inner, size: 13, bold: true, y: top + 10 });
    say(doc, words, text, { ...inner, size: 10.5, y: top + 30 });
    doc.y = top + height;
  }
}

function contents(doc: Doc, words: Words, page: number, sections: { title: string; page: number }[]) {
  doc.switchToPage(page);
  const width = doc.page.width - 2 * MARGIN;
  heading(doc, words, words.t('pdf.outbreak.contents'));
  doc.y += 6;
  for (const { title, page: first } of sections) {
    const y = doc.y;
    say(doc, words, title, { size: 12, y });
    say(doc, words, words.t('pdf.outbreak.page', { page: first }), { size: 12, y, align: 'end' });
    doc
      .moveTo(MARGIN, y + 17)
      .lineTo(MARGIN + width, y + 17)
      .lineWidth(0.5)
      .strokeColor('#cbd5e1')
      .stroke();
    doc.y = y + 26;
  }
}

const FIGURES = ['confirmed', 'active', 'recovered', 'deaths'] as const;

function summaryStatistics(doc: Doc, { summary, runningTotals, outbreaks, words }: Report) {
  const { t, fmt } = words;
  paragraph(
    doc,
    words,
    runningTotals.length
      ? `${t('pdf.outbreak.summaryIntro')} ${t('pdf.outbreak.summaryTotals', { count: runningTotals.length })}`
      : t('pdf.outbreak.summaryIntro'),
  );
  doc.y += 8;
  type Row = { label: string; key: (typeof FIGURES)[number] };
  const rows: Row[] = FIGURES.map((key) => ({ key, label: t(`pdf.outbreak.figure.${key}`) }));
  table<Row>(
    doc,
    [
      { title: t('pdf.outbreak.col.figure'), value: (r) => r.label, whole: true },
      { title: t('pdf.outbreak.col.total'), align: 'right', value: (r) => fmt(summary.totals[r.key]) },
      {
        title: t('pdf.outbreak.col.reportedBy'),
        value: (r) => words.reach(summary.coverage[r.key], summary.outbreakCount),
      },
      { title: t('pdf.outbreak.col.sourceAndDate'), value: (r) => words.source(summary.coverage[r.key]) },
    ],
    rows,
    words.language,
  );
  doc.y += 16;
  heading(doc, words, t('pdf.outbreak.bySeverity'), 13, doc.y);
  barChart(
    doc,
    words,
    OUTBREAK_SEVERITIES.map((s) => ({
      label: words.severity(s),
      value: outbreaks.filter((c) => c.severity === s).length,
      colour: SEVERITY_COLOURS[s],
    })),
    doc.y + 8,
  );
  doc.y += 12;
  paragraph(doc, words, t('pdf.outbreak.footnote'), MUTED, 8.5);
}

type Bar = { label: string; value: number; colour: string };

/** Horizontal bars drawn as vector rectangles, labelled with their values; from the right edge in Arabic. */
function barChart(doc: Doc, words: Words, bars: Bar[], top: number, scale: 'linear' | 'log' = 'linear') {
  doc.font('Helvetica').fontSize(9.5);
  const labelWidth = Math.min(200, Math.max(60, ...bars.map((b) => widthOf(doc, b.label))) + 10);
  const chartWidth = doc.page.width - 2 * MARGIN - labelWidth - 80;
  const max = Math.max(1, ...bars.map((b) => b.value));
  const rtl = words.language === 'ar';
  let y = top;
  for (const bar of bars) {
    const labelHeight = paragraphHeight(doc, [{ text: bar.label, size: 9.5 }], {
      width: labelWidth - 8,
      language: words.language,
      size: 9.5,
    });
    say(doc, words, bar.label, {
      size: 9.5,
      y: y + 1,
      x: fromStart(doc, words, 0, labelWidth - 8),
      width: labelWidth - 8,
    });
    const share = scale === 'log' ? Math.log10(bar.value + 1) / Math.log10(max + 1) : bar.value / max;
    const length = Math.max(1, share * chartWidth);
    doc.rect(fromStart(doc, words, labelWidth, length), y, length, 15).fill(bar.colour);
    const value = words.fmt(bar.value);
    doc.fillColor(MUTED).font('Helvetica').fontSize(9);
    const valueX = rtl
      ? fromStart(doc, words, labelWidth + length + 6, doc.widthOfString(value))
      : MARGIN + labelWidth + length + 6;
    doc.text(value, valueX, y + 3, { lineBreak: false });
    y += Math.max(22, labelHeight + 8);
  }
  doc.x = MARGIN;
  doc.y = y + 4;
}

type CountryRow = { country: string; outbreaks: number; confirmed: number; deaths: number; worst: OutbreakSeverity };

function byCountry(cases: ReportCase[]): CountryRow[] {
  const rows = new Map<string, CountryRow>();
  for (const c of cases) {
    const row = rows.get(c.country) ?? { country: c.country, outbreaks: 0, confirmed: 0, deaths: 0, worst: 'low' };
    row.outbreaks += 1;
    row.confirmed += c.confirmedCases ?? 0;
    row.deaths += c.deaths ?? 0;
    if (OUTBREAK_SEVERITIES.indexOf(c.severity) < OUTBREAK_SEVERITIES.indexOf(row.worst)) row.worst = c.severity;
    rows.set(c.country, row);
  }
  return [...rows.values()].sort((a, b) => b.confirmed - a.confirmed || a.country.localeCompare(b.country));
}

function countryBreakdown(doc: Doc, { outbreaks, words }: Report) {
  const { t, fmt } = words;
  const countries = byCountry(outbreaks);
  paragraph(doc, words, t('pdf.outbreak.countriesIntro'));
  barChart(
    doc,
    words,
    countries.slice(0, 10).map((c) => ({ label: c.country, value: c.confirmed, colour: SEVERITY_COLOURS[c.worst] })),
    doc.y + 8,
    'log',
  );
  doc.y += 12;
  heading(doc, words, t('pdf.outbreak.perCountry'), 13, doc.y);
  table<CountryRow>(
    doc,
    [
      { title: t('pdf.outbreak.col.country'), whole: true, value: (r) => r.country },
      { title: t('pdf.outbreak.col.outbreaks'), align: 'right', value: (r) => fmt(r.outbreaks) },
      { title: t('pdf.outbreak.col.confirmed'), align: 'right', value: (r) => fmt(r.confirmed) },
      { title: t('pdf.outbreak.col.deaths'), align: 'right', value: (r) => fmt(r.deaths) },
      { title: t('pdf.outbreak.col.highest'), value: (r) => words.severity(r.worst) },
    ],
    countries,
    words.language,
  );
}

function caseTable(doc: Doc, { snapshot, outbreaks, words }: Report) {
  const { t, fmt, day } = words;
  const rows = snapshot.tier === 'summary' ? outbreaks.slice(0, SUMMARY_CASE_ROWS) : outbreaks;
  paragraph(
    doc,
    words,
    rows.length < outbreaks.length
      ? t('pdf.outbreak.casesSome', { rows: rows.length, count: outbreaks.length })
      : t('pdf.outbreak.casesAll', { count: rows.length }),
  );
  doc.y += 6;
  const severityColumn: Column<ReportCase> = {
    title: t('pdf.outbreak.col.severity'),
    value: (c) => words.severity(c.severity),
    colour: (c) => SEVERITY_COLOURS[c.severity],
  };
  const disease: Column<ReportCase> = { title: t('pdf.outbreak.col.disease'), value: (c) => c.diseaseName };
  const country: Column<ReportCase> = { title: t('pdf.outbreak.col.country'), whole: true, value: (c) => c.country };
  const confirmed: Column<ReportCase> = {
    title: t('pdf.outbreak.col.confirmed'),
    align: 'right',
    value: (c) => fmt(c.confirmedCases),
  };
  const deaths: Column<ReportCase> = {
    title: t('pdf.outbreak.col.deaths'),
    align: 'right',
    value: (c) => fmt(c.deaths),
  };
  const columns: Column<ReportCase>[] =
    snapshot.tier === 'detailed'
      ? [
          disease,
          country,
          severityColumn,
          confirmed,
          deaths,
          { title: t('pdf.outbreak.col.source'), value: (c) => c.sourceAgency },
          { title: t('pdf.outbreak.col.lastUpdate'), whole: true, value: (c) => day(c.lastUpdated) },
        ]
      : [
          disease,
          { title: t('pdf.outbreak.col.location'), value: (c) => c.location },
          country,
          severityColumn,
          confirmed,
          deaths,
        ];
  table(doc, columns, rows, words.language);
}

function runningTotalTable(doc: Doc, { runningTotals, words }: Report) {
  const { t, fmt, day } = words;
  paragraph(doc, words, t('pdf.outbreak.totalsIntro'));
  doc.y += 6;
  table<ReportCase>(
    doc,
    [
      { title: t('pdf.outbreak.col.disease'), value: (c) => c.diseaseName },
      { title: t('pdf.outbreak.col.area'), whole: true, value: (c) => c.country },
      { title: t('pdf.outbreak.col.counts'), value: (c) => words.runningTotal(c) },
      { title: t('pdf.outbreak.col.confirmed'), align: 'right', value: (c) => fmt(c.confirmedCases) },
      { title: t('pdf.outbreak.col.deaths'), align: 'right', value: (c) => fmt(c.deaths) },
      {
        title: t('pdf.outbreak.col.sourceDate'),
        value: (c) => t('pdf.outbreak.sourceOn', { who: agencyShortName(c.sourceAgency), day: day(c.lastUpdated) }),
      },
    ],
    runningTotals,
    words.language,
  );
}

function footers(doc: Doc, { snapshot, outOfDate, words }: Report) {
  const { t } = words;
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const y = doc.page.height - MARGIN + 14;
    // Writing below the bottom margin would start a new page, so the margin is lifted for the footer.
    doc.page.margins.bottom = 0;
    const parts = [
      t('pdf.outbreak.professionalOnly'),
      `Medora ${words.tier(snapshot.tier)}`,
      words.day(snapshot.purchasedAt),
      ...(outOfDate ? [t('pdf.outbreak.outOfDate')] : []),
      t('pdf.outbreak.pageOf', { page: i + 1, count: range.count }),
    ];
    say(doc, words, parts.join(' · '), { size: 8, color: MUTED, y, align: 'center' });
    doc.page.margins.bottom = MARGIN;
  }
}
