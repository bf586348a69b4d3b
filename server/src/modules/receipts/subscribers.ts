import { on } from '../events/bus';
import { issueConsultationReceipt, issueReportReceipt } from './issue';

/**
 * Every payment gets its numbered receipt in the transaction that applies it, as that
 * transaction's last work: numbering holds the year's counter until the commit, and every payment
 * queues on it (numbering.ts). Issued first, it held the counter through the rest of the payment
 * (earnings, the visit's confirmation, notices, mail), and under the soak's mix the payments'
 * statements slowed as they queued.
 */
export const receiptSubscribers = [
  on('payment.succeeded', 'receipts: number the consultation’s receipt', async ({ payment, appointment }, unit) => {
    unit.beforeCommit(async () => {
      await issueConsultationReceipt(unit.tx, payment, appointment.id, unit.now);
    });
  }),
  on('report.paid', 'receipts: number the report’s receipt', async ({ purchase }, unit) => {
    unit.beforeCommit(async () => {
      await issueReportReceipt(unit.tx, purchase, unit.now);
    });
  }),
];
