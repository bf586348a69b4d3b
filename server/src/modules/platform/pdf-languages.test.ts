// PDFs in the reader's language (issue 28): words, dates and amounts in Spanish and Arabic, the
// Arabic glyphs embedded (not "?"), and English exactly as before.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Language } from '@common/i18n/languages';
import type { VisitSummary } from '@common/schemas/visit-notes';
import { renderReportPdf } from '../outbreak/pdf';
import type { ReportSnapshot } from '../outbreak/report-snapshot';
import { renderReceiptPdf, type ReceiptDocument } from '../receipts/pdf';
import { renderVisitSummaryPdf } from '../visit-notes/pdf';

const dir = mkdtempSync(path.join(tmpdir(), 'medora-pdf-lang-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let n = 0;
/** Arabic runs carry their letters as ActualText, which poppler reads best in content order (-raw). */
function pdfText(pdf: Buffer, mode: '-layout' | '-raw' = '-layout') {
  const file = path.join(dir, `${n++}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', [mode, file, '-'], { encoding: 'utf8' });
}
const fonts = (pdf: Buffer) => pdf.toString('latin1').match(/\/BaseFont \/[A-Z]{6}\+[\w-]+|\/BaseFont \/[\w-]+/g) ?? [];

const receipt: ReceiptDocument = {
  number: 'MED-2026-000042',
  issuedAt: new Date('2026-11-26T14:04:00Z'),
  buyerName: 'Nia Reyes',
  buyerEmail: 'nia@example.com',
  item: 'Video Call consultation with Dr. Omar Haddad',
  amount: 14950,
  taxAmount: 0,
  taxRatePercent: 0,
  currency: 'usd',
  walletAmount: 0,
  refund: 'done',
};
const seller = { legalName: 'Medora Health Ltd', address: '1 Harbour Street, Dublin', email: 'billing@medora.example' };
const receiptIn = (language: Language, zone: string) =>
  renderReceiptPdf(receipt, seller as Parameters<typeof renderReceiptPdf>[1], zone, language);

const summary: VisitSummary = {
  appointmentId: '00000000-0000-4000-8000-000000000001',
  startsAt: '2026-11-24T15:30:00.000Z',
  timeZone: 'Europe/Madrid',
  diagnosis: 'Tension headache',
  advice: 'Drink water and rest.',
  followUpDays: 3,
  sharedAt: null,
  updatedAt: '2026-11-24T16:00:00.000Z',
  doctor: {
    id: '00000000-0000-4000-8000-000000000002',
    firstName: 'Omar',
    lastName: 'Haddad',
    specialty: 'Cardiology',
  },
};

describe('receipt PDF', () => {
  it('English reads as it always did, in Helvetica only', async () => {
    const pdf = await receiptIn('en', 'Europe/Berlin');
    const text = pdfText(pdf);
    expect(text).toContain('Receipt number: MED-2026-000042');
    expect(text).toContain('Thursday, November 26, 2026, 03:04 PM Berlin time');
    expect(text).toMatch(/VAT \(0%\)\s+\$0\.00 \(VAT not charged\)/);
    expect(text).toMatch(/Total paid\s+\$149\.50/);
    expect(text).toContain('This payment has been refunded in full.');
    expect(fonts(pdf).some((f) => f.includes('Arabic'))).toBe(false);
  });

  it('Spanish: labels, the date and the amounts in Spanish', async () => {
    const text = pdfText(await receiptIn('es', 'Europe/Madrid'));
    expect(text).toContain('Recibo');
    expect(text).toContain('Número de recibo: MED-2026-000042');
    expect(text).toContain('jueves, 26 de noviembre de 2026, 15:04 hora de Madrid');
    expect(text).toMatch(/Total pagado\s+149,50\sUS\$/);
    expect(text).toContain('IVA no aplicado');
    expect(text).toContain('Este pago se ha reembolsado íntegramente.');
  });

  it('Arabic: Arabic words with an embedded Arabic font, Latin names and numbers kept readable', async () => {
    const pdf = await receiptIn('ar', 'Asia/Riyadh');
    const text = pdfText(pdf, '-raw');
    expect(fonts(pdf).some((f) => f.includes('NotoSansArabic'))).toBe(true);
    for (const word of ['إيصال', 'البائع', 'المشتري', 'المدفوع', 'نوفمبر', 'الرياض']) expect(text).toContain(word);
    expect(text).toContain('MED-2026-000042');
    expect(text).toContain('Nia Reyes');
    // The address keeps its own order in the right-to-left page.
    expect(text).toContain('1 Harbour Street, Dublin');
    expect(text).toContain('149.50');
    expect(text).not.toContain('?');
  });
});

/** Each word pdftotext finds on the first page, with where it starts and ends left to right (points). */
function pdfWords(pdf: Buffer) {
  const file = path.join(dir, `${n++}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-tsv', '-f', '1', '-l', '1', file, '-'], { encoding: 'utf8' })
    .split('\n')
    .slice(1)
    .map((row) => row.split('\t'))
    .filter((cells) => cells[0] === '5')
    .map(([, , , , , , left, top, width, , , text]) => ({ text, left: +left, right: +left + +width, top: +top }));
}

describe('Arabic receipt paid from the wallet and a card', () => {
  it('reads "و" then the amount, apart, and the amount whole: number then currency left to right', async () => {
    const pdf = await renderReceiptPdf(
      { ...receipt, walletAmount: 5000, refund: null },
      seller as Parameters<typeof renderReceiptPdf>[1],
      'Asia/Riyadh',
      'ar',
    );
    const text = pdfText(pdf, '-raw');
    expect(text).toContain('50.00 US$');
    expect(text).toContain('99.50 US$');
    expect(text).toContain('بالبطاقة');
    const words = pdfWords(pdf);
    const number = words.find((w) => w.text === '99.50')!;
    const currency = words.find((w) => w.top === number.top && w.left > number.right)!;
    expect(currency.text).toBe('US$');
    expect(currency.left - number.right).toBeLessThan(4);
    // Right to left: "و" is read just before the amount, so it sits at the amount's right, a space away.
    const and = words.filter((w) => w.text === 'و');
    expect(and).toHaveLength(1);
    expect(and[0].left - currency.right).toBeGreaterThan(2);
    expect(and[0].left - currency.right).toBeLessThan(6);
  });
});

describe('after-visit summary PDF', () => {
  it('Spanish: headings, the visit time and the follow-up in Spanish; the doctor’s words as written', async () => {
    const text = pdfText(await renderVisitSummaryPdf(summary, 'Europe/Madrid', 'Europe/Madrid', 'es'));
    expect(text).toContain('Resumen de la consulta');
    expect(text).toContain('Dr. Omar Haddad, Cardiología');
    expect(text).toContain('martes, 24 de noviembre de 2026 a las 16:30 hora de Madrid');
    expect(text).toContain('Diagnóstico');
    expect(text).toContain('Tension headache');
    expect(text).toContain('Su médico sugiere una consulta de seguimiento dentro de 3 días.');
    expect(text).toContain('Medora es solo para consultas que no sean urgentes');
  });

  it('Arabic: headings and the notice in Arabic', async () => {
    const pdf = await renderVisitSummaryPdf(summary, 'Asia/Riyadh', 'Europe/Madrid', 'ar');
    const text = pdfText(pdf, '-raw');
    for (const word of ['التشخيص', 'النصائح', 'المتابعة', 'الطوارئ']) expect(text).toContain(word);
    expect(text).toContain('Tension headache');
    expect(text).not.toContain('?');
  });

  it('English keeps its words', async () => {
    const text = pdfText(await renderVisitSummaryPdf(summary, 'Europe/Madrid', 'Europe/Madrid', 'en'));
    expect(text).toContain('After-visit summary');
    expect(text).toContain('Consultation: Tuesday, November 24, 2026 at 4:30 PM Madrid time');
    expect(text).toContain('Your doctor suggests a follow-up in 3 days.');
  });
});

const outbreakCase = (id: string, over: Partial<ReportSnapshot['cases'][number]>): ReportSnapshot['cases'][number] => ({
  id,
  diseaseName: 'Ebola virus disease',
  severity: 'critical',
  location: 'Bulape, Kasai Province',
  country: 'Democratic Republic of the Congo',
  confirmedCases: 64,
  activeCases: 5,
  recoveredCases: 15,
  deaths: 45,
  lastUpdated: '2025-10-10T00:00:00Z',
  sourceAgency: 'World Health Organization',
  source: 'snapshot',
  ...over,
});
const report: ReportSnapshot = {
  tier: 'detailed',
  purchasedAt: '2026-05-04T08:30:00Z',
  totals: { totalCases: 0, activeCases: 0, totalRecovered: 0, totalDeaths: 0 } as ReportSnapshot['totals'],
  outbreakCount: 2,
  dataAsOf: null,
  snapshotAsOf: null,
  cases: [
    outbreakCase('00000000-0000-4000-8000-000000000010', {}),
    outbreakCase('00000000-0000-4000-8000-000000000011', {
      diseaseName: 'Cholera',
      severity: 'high',
      country: 'Sudan',
      location: 'Khartoum',
      confirmedCases: 113600,
      deaths: 3000,
      lastUpdated: '2025-10-05T00:00:00Z',
    }),
  ],
};

describe('outbreak report PDF', () => {
  it('Spanish: cover, sections, severities, numbers and page numbers in Spanish; the sources’ names as given', async () => {
    const text = pdfText(await renderReportPdf(report, 'es'));
    expect(text).toContain('Solo para profesionales sanitarios');
    expect(text).toContain('Informe detallado');
    expect(text).toMatch(/Fecha del informe:\s+4 may 2026/);
    expect(text).toMatch(/Estadísticas resumidas\s+Página 3/);
    expect(text).toContain('Datos desactualizados');
    expect(text).toMatch(/Casos confirmados\s+113\.664/);
    expect(text).toContain('Crítica');
    expect(text).toContain('Democratic Republic of the Congo');
    expect(text).toContain('Cholera');
    expect(text).toMatch(/Página 2 de \d+/);
    expect(text).not.toContain('Page ');
  });

  it('Arabic: Arabic words in the embedded Arabic font, names and numbers kept readable', async () => {
    const pdf = await renderReportPdf(report, 'ar');
    const text = pdfText(pdf, '-raw');
    expect(fonts(pdf).some((f) => f.includes('NotoSansArabic'))).toBe(true);
    for (const word of ['للمهنيين', 'المحتويات', 'الخطورة', 'حرجة', 'الصفحة', 'مايو']) expect(text).toContain(word);
    expect(text).toContain('Democratic Republic of the Congo');
    expect(text).toContain('113,664');
    expect(text).not.toContain('?');
  });

  it('English keeps its words', async () => {
    const text = pdfText(await renderReportPdf(report, 'en'));
    expect(text).toMatch(/Report date:\s+May 4, 2026/);
    expect(text).toMatch(/Confirmed cases\s+113,664\s+all 2 outbreaks/);
    expect(text).toContain('Medical Professional Only');
  });
});
