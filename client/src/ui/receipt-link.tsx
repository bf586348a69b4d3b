import { ReceiptText } from 'lucide-react';
import { localTimeZone } from '@common/rules/display-time';
import { cn } from '../lib/cn';
import { buttonClass } from './button-class';

/** The receipt's PDF, its date in this browser's zone (the server checks the zone). */
export const receiptHref = (receiptId: string) =>
  `/api/receipts/${receiptId}/pdf?timeZone=${encodeURIComponent(localTimeZone())}`;

/** "Receipt": downloads the numbered receipt of a payment. */
export function ReceiptLink({ receiptId, className }: { receiptId: string; className?: string }) {
  return (
    <a href={receiptHref(receiptId)} download className={cn(buttonClass('outline', 'sm'), className)}>
      <ReceiptText className="h-4 w-4" aria-hidden /> Receipt
    </a>
  );
}
