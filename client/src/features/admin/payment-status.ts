import type { BadgeVariant } from '../../ui/badge';

/** Completed (succeeded) and pending look their part; anything else reads as a failure. */
export function paymentBadge(status: string): { label: string; variant: BadgeVariant } {
  if (status === 'succeeded') return { label: 'Completed', variant: 'success' };
  if (status === 'refunded') return { label: 'Refunded', variant: 'secondary' };
  if (status === 'refund_pending') return { label: 'Refund pending', variant: 'warning' };
  if (status === 'canceled') return { label: 'Failed', variant: 'destructive' };
  if (
    ['requires_payment_method', 'requires_confirmation', 'requires_action', 'processing', 'requires_capture'].includes(
      status,
    )
  )
    return { label: 'Pending', variant: 'warning' };
  return { label: 'Failed', variant: 'destructive' };
}
