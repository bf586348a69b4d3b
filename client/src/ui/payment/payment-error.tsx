import { CircleAlert } from 'lucide-react';
import { useEffect, useRef } from 'react';

/**
 * Why the last payment attempt failed, in the processor's words ("Your card was declined."), right
 * beside the Pay button. Focus moves here when it appears, so keyboard and screen-reader users
 * land on the reason and can go straight back to the card fields. The booking is still held.
 */
export function PaymentError({ id, message }: { id: string; message: string | null | undefined }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (message) ref.current?.focus();
  }, [message]);
  if (!message) return null;
  return (
    <p
      ref={ref}
      id={id}
      tabIndex={-1}
      className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-danger outline-none focus-visible:ring-2 focus-visible:ring-danger"
      data-testid="payment-error"
    >
      <CircleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      <span>{message}</span>
    </p>
  );
}
