import { ReceiptText } from 'lucide-react';
import { localTimeZone } from '@common/rules/display-time';
import { cn } from '../lib/cn';
import { textsFor } from '../lib/i18n/areas';
import { buttonClass } from './button-class';

const useT = textsFor('ui');

/** The receipt's PDF, its date in this browser's zone (the server checks the zone). */
export const receiptHref = (receiptId: string) =>
  `/api/receipts/${receiptId}/pdf?timeZone=${encodeURIComponent(localTimeZone())}`;

/** "Receipt": downloads the numbered receipt of a payment. */
export function ReceiptLink({ receiptId, className }: { receiptId: string; className?: string }) {
  const t = useT();
  return (
    <a href={receiptHref(receiptId)} download className={cn(buttonClass('outline', 'sm'), className)}>
      <ReceiptText className="h-4 w-4" aria-hidden /> {t('ui.receipt')}
    </a>
  );
}
