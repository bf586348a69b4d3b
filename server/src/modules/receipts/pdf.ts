import { RECEIPT_TAX_TEXT } from '@common/constants/receipts';
import { longDate, placeOf, slotTime } from '@common/rules/display-time';
import type { OperatorDetails } from '../../config/operator';
import { brandBand, contentWidth, labelledLine, latin1, PDF, startPdf, type Doc } from '../platform/pdf-layout';

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

/** "Berlin time", "UTC": the zone named as a person would. */
export const zoneLabel = (timeZone: string) => (timeZone === 'UTC' ? 'UTC' : `${placeOf(timeZone)} time`);

/** "Thursday, November 26, 2026, 03:04 PM Berlin time": the receipt's date in the buyer's zone. */
export const receiptDateText = (instant: Date, timeZone: string) =>
  `${longDate(instant, timeZone)}, ${slotTime(instant, timeZone)} ${zoneLabel(timeZone)}`;

export const moneyText = (cents: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);

/** The receipt: number and date, seller (the operator), buyer, the item, its tax line and total. */
export async function renderReceiptPdf(receipt: ReceiptDocument, seller: OperatorDetails, timeZone: string) {
  const { doc, done } = await startPdf(`Medora receipt ${receipt.number}`);
  const money = (cents: number) => moneyText(cents, receipt.currency);
  brandBand(doc, 'Receipt');
  labelledLine(doc, 'Receipt number', receipt.number);
  labelledLine(doc, 'Date', receiptDateText(receipt.issuedAt, timeZone));

  const width = contentWidth(doc);
  const top = doc.y + 14;
  const sellerEnd = party(
    doc,
    'Seller',
    [seller.legalName, seller.address, seller.email, seller.phone],
    PDF.margin,
    top,
    width / 2 - 12,
  );
  const buyerEnd = party(doc, 'Buyer', [receipt.buyerName, receipt.buyerEmail], PDF.margin + width / 2, top, width / 2);
  doc.y = Math.max(sellerEnd, buyerEnd);

  doc.moveDown(1);
  const net = receipt.amount - receipt.taxAmount;
  row(doc, 'Item', 'Amount', true);
  row(doc, receipt.item, money(net));
  row(
    doc,
    `VAT (${receipt.taxRatePercent}%)`,
    receipt.taxAmount === 0 ? `${money(0)} (${RECEIPT_TAX_TEXT})` : money(receipt.taxAmount),
  );
  row(doc, 'Total paid', money(receipt.amount), true);
  doc.moveDown(0.8);
  if (receipt.walletAmount > 0) {
    const card = receipt.amount - receipt.walletAmount;
    labelledLine(
      doc,
      'Paid with',
      `${money(receipt.walletAmount)} wallet credit${card > 0 ? `, ${money(card)} card` : ''}`,
    );
  } else labelledLine(doc, 'Paid with', 'Card');
  if (receipt.refund === 'done') labelledLine(doc, 'Refund', 'This payment has been refunded in full.');
  if (receipt.refund === 'pending') labelledLine(doc, 'Refund', 'This payment is being refunded in full.');
  doc.moveDown(1.5);
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(PDF.muted)
    .text(
      'Keep this receipt for your records. Medora is a marketplace: the seller named above takes the payment on behalf of the doctor or for the report.',
      PDF.margin,
      doc.y,
      { width },
    );
  doc.end();
  return done;
}

function party(doc: Doc, title: string, lines: string[], x: number, y: number, width: number) {
  doc.font('Helvetica-Bold').fontSize(10).fillColor(PDF.muted).text(title.toUpperCase(), x, y, { width });
  doc.font('Helvetica').fontSize(11).fillColor(PDF.ink);
  for (const text of lines.filter(Boolean)) doc.text(latin1(text), x, doc.y + 2, { width });
  return doc.y;
}

/** One row of the item table: description left, amount right, a rule under it. */
function row(doc: Doc, label: string, amount: string, bold = false) {
  const width = contentWidth(doc);
  const y = doc.y + 6;
  doc
    .font(bold ? 'Helvetica-Bold' : 'Helvetica')
    .fontSize(11)
    .fillColor(PDF.ink);
  const amountWidth = 200;
  doc.text(latin1(amount), PDF.margin + width - amountWidth, y, { width: amountWidth, align: 'right' });
  const after = doc.y;
  doc.text(latin1(label), PDF.margin, y, { width: width - amountWidth - 12 });
  doc.y = Math.max(doc.y, after) + 6;
  doc
    .moveTo(PDF.margin, doc.y)
    .lineTo(PDF.margin + width, doc.y)
    .strokeColor(PDF.line)
    .lineWidth(1)
    .stroke();
}
