import { Banknote, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useState, type FormEvent } from 'react';
import { formatMoney } from '@common/rules/fees';
import { errorMessage } from '../../lib/api';
import { Button } from '../../ui/button';
import { DialogActions, DialogFrame } from '../../ui/dialog-frame';
import { toast } from '../../ui/toast-store';
import { useRequestPayout } from './api';

/** Moves every available earning into one bank-transfer payout, to the payout account the doctor set up. */
export function RequestPayoutDialog({ available, accountLast4 }: { available: number; accountLast4: string | null }) {
  const [open, setOpen] = useState(false);
  const request = useRequestPayout();

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!accountLast4) return;
    request.mutate(
      {},
      {
        onSuccess: (payout) => {
          setOpen(false);
          toast({
            title: 'Payout Requested',
            description: `${formatMoney(payout.amount)} will be sent by bank transfer.`,
            variant: 'success',
          });
        },
        onError: (e) => {
          toast({
            title: 'Payout Failed',
            description: errorMessage(e, 'Failed to request payout. Please try again.'),
            variant: 'destructive',
          });
        },
      },
    );
  };

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button size="sm">
          <Banknote className="h-4 w-4" aria-hidden /> Request Payout
        </Button>
      </Dialog.Trigger>
      <DialogFrame
        title="Request Payout"
        description={`All available earnings, ${formatMoney(available)}, will be paid by bank transfer${accountLast4 ? ` to your account ending ${accountLast4}.` : '.'}`}
      >
        <form onSubmit={handleSubmit} className="mt-5 flex flex-col gap-4" noValidate>
          {!accountLast4 && (
            <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
              Add your payout bank account first (Payout account, on this page). Payouts go only to a checked account.
            </p>
          )}
          <DialogActions closeLabel="Cancel">
            <Button type="submit" disabled={request.isPending || !accountLast4}>
              {request.isPending ? 'Requesting...' : `Request ${formatMoney(available)}`}
            </Button>
          </DialogActions>
        </form>
        <Dialog.Close aria-label="Close" className="absolute top-3 end-3 rounded p-1 text-muted hover:text-ink">
          <X className="h-4 w-4" />
        </Dialog.Close>
      </DialogFrame>
    </Dialog.Root>
  );
}
