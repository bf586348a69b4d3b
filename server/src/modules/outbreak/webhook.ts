import type { PaymentPurposeHandler } from '../payments/purposes';
import { confirmReportPurchase, findPurchase } from './reports';

/**
 * The report purpose of the payment webhook: a Stripe event about a report purchase completes it
 * through the same idempotent path as the checkout's confirm, so a buyer who closed the tab still
 * gets their report.
 */
export const completeReportFromWebhook: PaymentPurposeHandler = async (intent, services, now) => {
  const purchase = await findPurchase(services.db, services.payments, intent.id);
  if (!purchase || purchase.status === 'paid' || intent.status !== 'succeeded') return;
  await confirmReportPurchase(services, intent.id, null, now);
};
