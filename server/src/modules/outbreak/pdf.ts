import { OUTBREAK_SEVERITIES, type OutbreakSeverity, type ReportTier } from '@common/constants/outbreak';
import {
  agencyShortName,
  figureReach,
  figureSource,
  isOutOfDate,
  outbreakScope,
  outOfDateNotice,
  runningTotalLabel,
  sourceDay,
  summarizeOutbreaks,
  type OutbreakSummary,
} from '@common/rules/outbreak-figures';
import { INK, latin1, MARGIN, MUTED, table, type Column, type Doc } from './pdf-table';
import type { ReportSnapshot } from './report-snapshot';

type ReportCase = ReportSnapshot['cases'][number];

const TIER_TITLES: Record<ReportTier, string> = {
  summary: 'Summary Report',
  full: 'Full Report',
  detailed: 'Detailed Report',
};
const SEVERITY_COLOURS: Record<OutbreakSeverity, string> = {
  critical: '#b91c1c',
  high: '#ea580c',
  medium: '#ca8a04',
  low: '#15803d',
};
const BRAND = '#0e7490';
const WARNING_INK = '#991b1b';
const WARNING_FILL = '#fee2e2';
/** A summary lists the most severe outbreaks; the other tiers list every one. */
const SUMMARY_CASE_ROWS = 25;

const number = new Intl.NumberFormat('en-US');
const fmt = (n: number | null) => (n === null ? '—' : number.format(n));
const capitalised = (s: string) => s[0].toUpperCase() + s.slice(1);

/** Everything the pages print, worked out once from the frozen snapshot. */
type Report = {
  snapshot: ReportSnapshot;
  summary: OutbreakSummary;
  outbreaks: ReportCase[];
  runningTotals: ReportCase[];
  /** The newest report was older than 30 days when the report was bought. */
  outOfDate: boolean;
};

function prepare(snapshot: ReportSnapshot): Report {
  const summary = summarizeOutbreaks(snapshot.cases);
  const dataAsOf = snapshot.dataAsOf ?? summary.dataAsOf;
  return {
    snapshot,
    summary,
    outbreaks: snapshot.cases.filter((c) => outbreakScope(c) === 'outbreak'),
    runningTotals: snapshot.cases.filter((c) => outbreakScope(c) === 'running-total'),
    outOfDate: isOutOfDate(dataAsOf, new Date(snapshot.purchasedAt)),
  };
}

/**
 * Renders the purchased report as a vector PDF: a cover, a contents page, then each section from
 * a new page; every page numbered "Page n of N". Text stays text, charts are drawn shapes.
 */
export async function renderReportPdf(snapshot: ReportSnapshot): Promise<Buffer> {
  // Loaded on the first report only: pdfkit and its fonts would otherwise sit in every server's memory.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: {
      Title: `Medora Outbreak Monitoring ${TIER_TITLES[snapshot.tier]}`,
      Author: 'Medora',
      Subject: 'Medical Professional Only',
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const report = prepare(snapshot);
  cover(doc, report);
  // The contents are written once the sections know their first pages.
  doc.addPage();
  const contentsPage = doc.bufferedPageRange().count - 1;
  const sections: { title: string; page: number }[] = [];
  const section = (title: string, draw: () => void) => {
    doc.addPage();
    sections.push({ title, page: doc.bufferedPageRange().count });
    heading(doc, title);
    draw();
  };
  section('Summary statistics', () => summaryStatistics(doc, report));
  if (snapshot.tier !== 'summary') section('Cases by country', () => countryBreakdown(doc, report));
  section('Outbreak cases', () => caseTable(doc, report));
  if (report.runningTotals.length > 0) {
    section('Worldwide and cumulative totals', () => runningTotalTable(doc, report));
  }
  contents(doc, contentsPage, sections);
  footers(doc, report);
  doc.end();
  return done;
}

function heading(doc: Doc, title: string) {
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(16).text(title, MARGIN, MARGIN);
  doc.moveDown(0.3);
}

function paragraph(doc: Doc, text: string, colour = MUTED, size = 9.5) {
  doc
    .fillColor(colour)
    .font('Helvetica')
    .fontSize(size)
    .text(latin1(text), MARGIN, doc.y, { width: doc.page.width - 2 * MARGIN });
}

function cover(doc: Doc, { snapshot, summary, runningTotals, outOfDate }: Report) {
  const width = doc.page.width - 2 * MARGIN;
  doc.rect(0, 0, doc.page.width, 170).fill(BRAND);
  doc.fillColor('#ffffff').font('Helvetica-Bold').fontSize(28).text('Medora', MARGIN, 48);
  doc.font('Helvetica').fontSize(18).text('Outbreak Monitoring PDF Report', MARGIN, 88);
  doc.fontSize(13).text(TIER_TITLES[snapshot.tier], MARGIN, 118);

  doc.rect(MARGIN, 196, width, 34).fill(WARNING_FILL);
  doc.fillColor(WARNING_INK).font('Helvetica-Bold').fontSize(14).text('Medical Professional Only', MARGIN, 206, {
    width,
    align: 'center',
  });

  const dataAsOf = snapshot.dataAsOf ?? summary.dataAsOf;
  const agencies = [...new Set(snapshot.cases.map((c) => agencyShortName(c.sourceAgency)))];
  const lines: [string, string][] = [
    ['Report date', sourceDay(snapshot.purchasedAt)],
    ['Report type', TIER_TITLES[snapshot.tier]],
    ['Data as of', dataAsOf ? `${sourceDay(dataAsOf)} (the newest report it contains)` : 'no data'],
    ['Sources', agencies.length ? agencies.join(', ') : 'none'],
    [
      'Covers',
      `${fmt(summary.outbreakCount)} country outbreaks` +
        (runningTotals.length
          ? `; ${fmt(runningTotals.length)} worldwide or cumulative totals, listed but not added`
          : ''),
    ],
  ];
  doc.y = 256;
  for (const [label, value] of lines) {
    const y = doc.y;
    doc.fillColor(MUTED).font('Helvetica').fontSize(11).text(`${label}:`, MARGIN, y, { width: 90 });
    doc
      .fillColor(INK)
      .font('Helvetica')
      .fontSize(11)
      .text(latin1(value), MARGIN + 95, y, { width: width - 95 });
    doc.moveDown(0.35);
  }
  if (snapshot.snapshotAsOf) {
    doc.moveDown(0.5);
    paragraph(
      doc,
      `Includes Medora's bundled snapshot dated ${sourceDay(snapshot.snapshotAsOf)}, compiled by hand from agency publications; it is not a live feed.`,
      INK,
      10,
    );
  }
  if (outOfDate && dataAsOf) {
    doc.moveDown(1);
    const text = outOfDateNotice(dataAsOf, new Date(snapshot.purchasedAt), { bought: true });
    doc.font('Helvetica').fontSize(10.5);
    const height = doc.heightOfString(text, { width: width - 24 }) + 40;
    const top = doc.y;
    doc.rect(MARGIN, top, width, height).fill(WARNING_FILL);
    doc
      .fillColor(WARNING_INK)
      .font('Helvetica-Bold')
      .fontSize(13)
      .text('Out-of-date data', MARGIN + 12, top + 10);
    doc
      .font('Helvetica')
      .fontSize(10.5)
      .text(text, MARGIN + 12, top + 30, { width: width - 24 });
    doc.y = top + height;
  }
}

function contents(doc: Doc, page: number, sections: { title: string; page: number }[]) {
  doc.switchToPage(page);
  const width = doc.page.width - 2 * MARGIN;
  heading(doc, 'Contents');
  doc.moveDown(0.5);
  for (const { title, page: first } of sections) {
    const y = doc.y;
    doc.fillColor(INK).font('Helvetica').fontSize(12).text(title, MARGIN, y, { lineBreak: false });
    doc.text(`Page ${first}`, MARGIN, y, { width, align: 'right', lineBreak: false });
    doc
      .moveTo(MARGIN, y + 17)
      .lineTo(MARGIN + width, y + 17)
      .lineWidth(0.5)
      .strokeColor('#cbd5e1')
      .stroke();
    doc.y = y + 26;
  }
}

const FIGURE_LABELS = {
  confirmed: 'Confirmed cases',
  active: 'Active cases',
  recovered: 'Recovered',
  deaths: 'Deaths',
} as const;

function summaryStatistics(doc: Doc, { summary, runningTotals, outbreaks }: Report) {
  paragraph(
    doc,
    'Each total adds one figure over the country outbreaks that report it; "Reported by" says how many do. ' +
      (runningTotals.length
        ? `The ${runningTotals.length} worldwide or cumulative totals overlap these outbreaks, so they are listed in their own section and never added.`
        : ''),
  );
  doc.moveDown(0.6);
  type Row = { label: string; key: keyof typeof FIGURE_LABELS };
  const rows: Row[] = (Object.keys(FIGURE_LABELS) as Row['key'][]).map((key) => ({ key, label: FIGURE_LABELS[key] }));
  table<Row>(
    doc,
    [
      { title: 'Figure', value: (r) => r.label, whole: true },
      { title: 'Total', align: 'right', value: (r) => fmt(summary.totals[r.key]) },
      { title: 'Reported by', value: (r) => figureReach(summary.coverage[r.key], summary.outbreakCount) },
      { title: 'Source and date', value: (r) => figureSource(summary.coverage[r.key]) },
    ],
    rows,
  );
  doc.moveDown(1.2);
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(13).text('Outbreaks by severity', MARGIN);
  barChart(
    doc,
    OUTBREAK_SEVERITIES.map((s) => ({
      label: capitalised(s),
      value: outbreaks.filter((c) => c.severity === s).length,
      colour: SEVERITY_COLOURS[s],
    })),
    doc.y + 8,
  );
  doc.moveDown(1);
  paragraph(
    doc,
    'Figures are as published by each source agency on the date shown; a dash means the source gave no figure. ' +
      'This report supports clinical awareness and does not replace official public-health guidance.',
    MUTED,
    8.5,
  );
}

type Bar = { label: string; value: number; colour: string };

/** Horizontal bars drawn as vector rectangles, labelled with their values. */
function barChart(doc: Doc, bars: Bar[], top: number, scale: 'linear' | 'log' = 'linear') {
  doc.font('Helvetica').fontSize(9.5);
  const labelWidth = Math.min(200, Math.max(60, ...bars.map((b) => doc.widthOfString(latin1(b.label)))) + 10);
  const chartWidth = doc.page.width - 2 * MARGIN - labelWidth - 80;
  const max = Math.max(1, ...bars.map((b) => b.value));
  let y = top;
  for (const bar of bars) {
    doc.fillColor(INK).font('Helvetica').fontSize(9.5);
    const labelHeight = doc.heightOfString(latin1(bar.label), { width: labelWidth - 8 });
    doc.text(latin1(bar.label), MARGIN, y + 3, { width: labelWidth - 8 });
    const share = scale === 'log' ? Math.log10(bar.value + 1) / Math.log10(max + 1) : bar.value / max;
    const length = Math.max(1, share * chartWidth);
    doc.rect(MARGIN + labelWidth, y, length, 15).fill(bar.colour);
    doc
      .fillColor(MUTED)
      .fontSize(9)
      .text(fmt(bar.value), MARGIN + labelWidth + length + 6, y + 3, { lineBreak: false });
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

function countryBreakdown(doc: Doc, { outbreaks }: Report) {
  const countries = byCountry(outbreaks);
  paragraph(
    doc,
    'Confirmed cases of the country outbreaks in the ten countries with the most, on a logarithmic scale; bars take the colour of the most severe outbreak.',
  );
  barChart(
    doc,
    countries.slice(0, 10).map((c) => ({ label: c.country, value: c.confirmed, colour: SEVERITY_COLOURS[c.worst] })),
    doc.y + 8,
    'log',
  );
  doc.moveDown(1).fillColor(INK).font('Helvetica-Bold').fontSize(13).text('Per-country breakdown', MARGIN);
  doc.moveDown(0.3);
  table<CountryRow>(
    doc,
    [
      { title: 'Country', whole: true, value: (r) => r.country },
      { title: 'Outbreaks', align: 'right', value: (r) => fmt(r.outbreaks) },
      { title: 'Confirmed', align: 'right', value: (r) => fmt(r.confirmed) },
      { title: 'Deaths', align: 'right', value: (r) => fmt(r.deaths) },
      { title: 'Highest severity', value: (r) => capitalised(r.worst) },
    ],
    countries,
  );
}

const severityColumn: Column<ReportCase> = {
  title: 'Severity',
  value: (c) => capitalised(c.severity),
  colour: (c) => SEVERITY_COLOURS[c.severity],
};

function caseTable(doc: Doc, { snapshot, outbreaks }: Report) {
  const rows = snapshot.tier === 'summary' ? outbreaks.slice(0, SUMMARY_CASE_ROWS) : outbreaks;
  paragraph(
    doc,
    rows.length < outbreaks.length
      ? `The ${rows.length} most severe of ${outbreaks.length} country outbreaks, most recent first within each severity.`
      : `All ${rows.length} country outbreaks, most severe first, then most recent.`,
  );
  doc.moveDown(0.5);
  const columns: Column<ReportCase>[] =
    snapshot.tier === 'detailed'
      ? [
          { title: 'Disease', value: (c) => c.diseaseName },
          { title: 'Country', whole: true, value: (c) => c.country },
          severityColumn,
          { title: 'Confirmed', align: 'right', value: (c) => fmt(c.confirmedCases) },
          { title: 'Deaths', align: 'right', value: (c) => fmt(c.deaths) },
          { title: 'Source', value: (c) => c.sourceAgency },
          { title: 'Last update', whole: true, value: (c) => sourceDay(c.lastUpdated) },
        ]
      : [
          { title: 'Disease', value: (c) => c.diseaseName },
          { title: 'Location', value: (c) => c.location },
          { title: 'Country', whole: true, value: (c) => c.country },
          severityColumn,
          { title: 'Confirmed', align: 'right', value: (c) => fmt(c.confirmedCases) },
          { title: 'Deaths', align: 'right', value: (c) => fmt(c.deaths) },
        ];
  table(doc, columns, rows);
}

function runningTotalTable(doc: Doc, { runningTotals }: Report) {
  paragraph(
    doc,
    'Tallies over many countries or since reporting began. They include people counted in the country outbreaks, so they are not added to any total in this report.',
  );
  doc.moveDown(0.5);
  table<ReportCase>(
    doc,
    [
      { title: 'Disease', value: (c) => c.diseaseName },
      { title: 'Area', whole: true, value: (c) => c.country },
      { title: 'What it counts', value: (c) => runningTotalLabel(c) },
      { title: 'Confirmed', align: 'right', value: (c) => fmt(c.confirmedCases) },
      { title: 'Deaths', align: 'right', value: (c) => fmt(c.deaths) },
      { title: 'Source, date', value: (c) => `${agencyShortName(c.sourceAgency)}, ${sourceDay(c.lastUpdated)}` },
    ],
    runningTotals,
  );
}

function footers(doc: Doc, { snapshot, outOfDate }: Report) {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const y = doc.page.height - MARGIN + 14;
    // Writing below the bottom margin would start a new page, so the margin is lifted for the footer.
    doc.page.margins.bottom = 0;
    const parts = [
      'Medical Professional Only',
      `Medora ${TIER_TITLES[snapshot.tier]}`,
      sourceDay(snapshot.purchasedAt),
      ...(outOfDate ? ['Out-of-date data'] : []),
      `Page ${i + 1} of ${range.count}`,
    ];
    doc
      .fillColor(MUTED)
      .font('Helvetica')
      .fontSize(8)
      .text(parts.join(' · '), MARGIN, y, { width: doc.page.width - 2 * MARGIN, align: 'center', lineBreak: false });
    doc.page.margins.bottom = MARGIN;
  }
}
