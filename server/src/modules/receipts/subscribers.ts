import { on } from '../events/bus';
import { issueConsultationReceipt, issueReportReceipt } from './issue';

/** Every payment gets its numbered receipt in the transaction that applies it. */
export const receiptSubscribers = [
  on('payment.succeeded', 'receipts: number the consultation’s receipt', async ({ payment, appointment }, unit) => {
    await issueConsultationReceipt(unit.tx, payment, appointment.id, unit.now);
  }),
  on('report.paid', 'receipts: number the report’s receipt', async ({ purchase }, unit) => {
    await issueReportReceipt(unit.tx, purchase, unit.now);
  }),
];
