import { useCallback } from 'react';
import type { ClientMessageKey } from '@common/i18n/keys';
import { useIntlShape } from '../../lib/i18n/use-t';
import type { BadgeVariant } from '../../ui/badge';

/** Completed (succeeded) and pending look their part; anything else reads as a failure. */
export function paymentBadge(status: string): { label: ClientMessageKey; variant: BadgeVariant } {
  if (status === 'succeeded') return { label: 'admin.payment.completed', variant: 'success' };
  if (status === 'refunded') return { label: 'admin.payment.refunded', variant: 'secondary' };
  if (status === 'refund_pending') return { label: 'admin.payment.refundPending', variant: 'warning' };
  if (status === 'refund_failed') return { label: 'admin.payment.refundFailed', variant: 'destructive' };
  if (status === 'canceled') return { label: 'admin.payment.failed', variant: 'destructive' };
  if (
    ['requires_payment_method', 'requires_confirmation', 'requires_action', 'processing', 'requires_capture'].includes(
      status,
    )
  )
    return { label: 'admin.payment.pending', variant: 'warning' };
  return { label: 'admin.payment.failed', variant: 'destructive' };
}

/**
 * A status or kind code the server sends as plain text (an appointment's, an earning's, a refund's,
 * a payout method) in the viewer's words, as it reads inside a line (`admin.code.<code>`,
 * "completed"); a code the catalogue does not know yet is shown as sent rather than as a key.
 */
export function useCodeName() {
  const intl = useIntlShape();
  return useCallback(
    (code: string) => {
      const id = `admin.code.${code}`;
      return intl.messages[id] ? intl.formatMessage({ id }) : code.replace(/_/g, ' ');
    },
    [intl],
  );
}

/** "Dr. Ana Diaz": the title stays as the directory writes it in every language (docs/languages.md). */
export const doctorTitle = (name: string) => `Dr. ${name}`;
