import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { PaymentProvider } from '../../payments/provider';
import { confirmReportPurchase, findPurchase } from './reports';

/**
 * A Stripe event about a report purchase completes it through the same idempotent path as the
 * checkout's confirm, so a buyer who closed the tab still gets their report. False when the
 * intent is not a report's.
 */
export async function completeReportFromWebhook(
  db: Db,
  provider: PaymentProvider,
  log: FastifyBaseLogger,
  paymentIntentId: string,
  now: Date,
): Promise<boolean> {
  const purchase = await findPurchase(db, provider, paymentIntentId);
  if (!purchase) return false;
  if (purchase.status === 'paid') return true;
  const intent = await provider.retrieveIntent(paymentIntentId);
  if (intent?.status !== 'succeeded') return true;
  await confirmReportPurchase(db, provider, log, paymentIntentId, null, now);
  return true;
}
