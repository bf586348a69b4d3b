import { eq } from 'drizzle-orm';
import { formatMoney } from '@common/i18n/format';
import { languageOf } from '@common/i18n/negotiate';
import { WALLET_PROVIDER } from '@common/constants/wallet';
import type { Db } from '../../db/client';
import { payments, users } from '../../db/schema';
import { translate } from '../../core/i18n';
import type { Composition } from './composition';
import { DEFAULT_LANGUAGE } from '@common/i18n/languages';

/**
 * The administrators' alert that a card refund failed (decision 072): the amount and the payment's
 * reference, never who the patient is nor what the visit was, since mail can be read by anyone
 * with the inbox. The console's "Refunds that failed" queue has the rest behind sign-in. Dropped
 * when the refund was settled before the mail went, or the recipient is no longer an administrator.
 */
export async function composeRefundFailed(
  db: Db,
  origin: string,
  payload: { paymentId: string; userId: string },
): Promise<Composition> {
  const [admin] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      userType: users.userType,
      isActive: users.isActive,
      deletedAt: users.deletedAt,
      language: users.language,
    })
    .from(users)
    .where(eq(users.id, payload.userId));
  if (!admin || admin.userType !== 'admin' || !admin.isActive || admin.deletedAt) {
    return { dropped: 'the recipient is no longer an administrator' };
  }
  const [payment] = await db.select().from(payments).where(eq(payments.id, payload.paymentId));
  if (!payment) return { dropped: 'the payment no longer exists' };
  if (payment.status !== 'refund_failed') return { dropped: `the refund is ${payment.status} now` };
  const language = languageOf(admin.language) ?? DEFAULT_LANGUAGE;
  const card = payment.provider === WALLET_PROVIDER ? 0 : payment.amount - payment.walletAmount;
  const subject = translate(language, 'mail.refundFailed.subject');
  return {
    kind: 'refund_failed',
    userId: admin.id,
    toAddress: admin.email,
    appointmentId: null,
    content: {
      subject,
      heading: subject,
      paragraphs: [
        translate(language, 'mail.greeting.patient', { name: admin.firstName }),
        translate(language, 'mail.refundFailed.line', {
          amount: formatMoney(card, language),
          payment: payment.id.slice(0, 8),
        }),
        translate(language, 'mail.refundFailed.next'),
      ],
      action: { label: translate(language, 'mail.refundFailed.action'), url: `${origin}/admin` },
      language,
    },
    ics: null,
    suppressed: false,
  };
}
