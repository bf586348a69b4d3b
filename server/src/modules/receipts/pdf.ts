import { formatDate, formatMoney, zoneLabelIn } from '@common/i18n/format';
import { DEFAULT_LANGUAGE, type Language } from '@common/i18n/languages';
import type { OperatorDetails } from '../../config/operator';
import { cityName, translate } from '../../core/i18n';
import { brandBand, contentWidth, fromStart, labelledLine, PDF, startPdf, type Doc } from '../platform/pdf-layout';
import { paragraph } from '../platform/pdf-text';

export type ReceiptDocument = {
  number: string;
  issuedAt: Date;
  buyerName: string;
  buyerEmail: string;
  item: string;
  amount: number;
  taxAmount: number;
  taxRatePercent: number;
  currency: string;
  walletAmount: number;
  /** The payment's refund, if any: the receipt stays, and says so. */
  refund: 'pending' | 'done' | null;
};

/** "Thursday, November 26, 2026, 03:04 PM Berlin time", "jueves, 26 de noviembre de 2026, 15:04 hora de Berlín": the receipt's date in the buyer's zone and language. */
export const receiptDateIn = (language: Language, instant: Date, timeZone: string) =>
  translate(language, 'pdf.zone', {
    date: formatDate(instant, 'long', language, timeZone),
    time: formatDate(instant, 'slot', language, timeZone),
    zone: zoneLabelIn(timeZone, language, cityName(language)),
  });

/** A receipt shows every amount to the cent ("$150.00", "150,00 US$"). */
export const moneyText = (cents: number, currency: string, language: Language = DEFAULT_LANGUAGE) =>
  formatMoney(cents, language, { currency, toTheCent: true });

/** The receipt: number and date, seller (the operator), buyer, the item, its tax line and total, in the buyer's language. */
export async function renderReceiptPdf(
  receipt: ReceiptDocument,
  seller: OperatorDetails,
  timeZone: string,
  language: Language = DEFAULT_LANGUAGE,
) {
  const t = (key: Parameters<typeof translate>[1], values?: Parameters<typeof translate>[2]) =>
    translate(language, key, values);
  const { doc, done } = await startPdf(t('pdf.receipt.docTitle', { number: receipt.number }), language);
  const money = (cents: number) => moneyText(cents, receipt.currency, language);
  brandBand(doc, t('pdf.receipt.title'), language);
  labelledLine(doc, t('pdf.receipt.number'), receipt.number, language);
  labelledLine(doc, t('pdf.receipt.date'), receiptDateIn(language, receipt.issuedAt, timeZone), language);

  const width = contentWidth(doc);
  const top = doc.y + 14;
  const sellerEnd = party(
    doc,
    language,
    t('pdf.receipt.seller'),
    [seller.legalName, seller.address, seller.email, seller.phone],
    fromStart(doc, language, 0, width / 2 - 12),
    top,
    width / 2 - 12,
  );
  const buyerEnd = party(
    doc,
    language,
    t('pdf.receipt.buyer'),
    [receipt.buyerName, receipt.buyerEmail],
    fromStart(doc, language, width / 2, width / 2),
    top,
    width / 2,
  );
  doc.y = Math.max(sellerEnd, buyerEnd);

  doc.moveDown(1);
  const net = receipt.amount - receipt.taxAmount;
  row(doc, language, t('pdf.receipt.item'), t('pdf.receipt.amount'), true);
  row(doc, language, receipt.item, money(net));
  row(
    doc,
    language,
    t('pdf.receipt.vat', { rate: receipt.taxRatePercent }),
    receipt.taxAmount === 0 ? t('pdf.receipt.noVat', { amount: money(0) }) : money(receipt.taxAmount),
  );
  row(doc, language, t('pdf.receipt.total'), money(receipt.amount), true);
  doc.moveDown(0.8);
  if (receipt.walletAmount > 0) {
    const card = receipt.amount - receipt.walletAmount;
    labelledLine(
      doc,
      t('pdf.receipt.paidWith'),
      card > 0
        ? t('pdf.receipt.walletAndCard', { wallet: money(receipt.walletAmount), card: money(card) })
        : t('pdf.receipt.wallet', { wallet: money(receipt.walletAmount) }),
      language,
    );
  } else labelledLine(doc, t('pdf.receipt.paidWith'), t('pdf.receipt.card'), language);
  if (receipt.refund === 'done') labelledLine(doc, t('pdf.receipt.refund'), t('pdf.receipt.refunded'), language);
  if (receipt.refund === 'pending') labelledLine(doc, t('pdf.receipt.refund'), t('pdf.receipt.refunding'), language);
  doc.moveDown(1.5);
  paragraph(doc, [{ text: t('pdf.receipt.keep'), size: 9, color: PDF.muted }], { x: PDF.margin, width, language });
  doc.end();
  return done;
}

function party(doc: Doc, language: Language, title: string, lines: string[], x: number, y: number, width: number) {
  // Capitals are a Latin habit; Arabic has no case, and toUpperCase leaves it as it is.
  paragraph(doc, [{ text: title.toLocaleUpperCase(language), bold: true, size: 10, color: PDF.muted }], {
    x,
    y,
    width,
    language,
  });
  for (const text of lines.filter(Boolean)) {
    paragraph(doc, [{ text, size: 11, color: PDF.ink }], { x, y: doc.y + 2, width, language });
  }
  return doc.y;
}

/** One row of the item table: description at the start, amount at the end, a rule under it. */
function row(doc: Doc, language: Language, label: string, amount: string, bold = false) {
  const width = contentWidth(doc);
  const y = doc.y + 6;
  const amountWidth = 200;
  const style = { bold, size: 11, color: PDF.ink };
  const at = (offset: number, w: number) => ({ x: fromStart(doc, language, offset, w), y, width: w, language });
  const after = paragraph(doc, [{ text: amount, ...style }], { ...at(width - amountWidth, amountWidth), align: 'end' });
  const labelEnd = paragraph(doc, [{ text: label, ...style }], at(0, width - amountWidth - 12));
  doc.y = Math.max(labelEnd, after) + 6;
  doc
    .moveTo(PDF.margin, doc.y)
    .lineTo(PDF.margin + width, doc.y)
    .strokeColor(PDF.line)
    .lineWidth(1)
    .stroke();
}
