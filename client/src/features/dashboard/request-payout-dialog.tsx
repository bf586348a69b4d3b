import { Banknote, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useState, type FormEvent } from 'react';
import { formatMoney } from '@common/rules/fees';
import { ApiError, errorMessage } from '../../lib/api';
import { Button } from '../../ui/button';
import { DialogActions, DialogFrame } from '../../ui/dialog-frame';
import { Field, Input } from '../../ui/input';
import { toast } from '../../ui/toast-store';
import { useRequestPayout } from './api';

/** Moves every available earning into one bank-transfer payout; asks for the account's last four digits once. */
export function RequestPayoutDialog({ available, accountLast4 }: { available: number; accountLast4: string | null }) {
  const [open, setOpen] = useState(false);
  const [digits, setDigits] = useState('');
  const [error, setError] = useState<string>();
  const request = useRequestPayout();

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!accountLast4 && !/^\d{4}$/.test(digits)) return setError('Enter the last four digits of your bank account');
    request.mutate(accountLast4 ? {} : { bankAccountLast4: digits }, {
      onSuccess: (payout) => {
        setOpen(false);
        toast({
          title: 'Payout Requested',
          description: `${formatMoney(payout.amount)} will be sent by bank transfer.`,
          variant: 'success',
        });
      },
      onError: (e) => {
        if (e instanceof ApiError && e.fields?.bankAccountLast4) setError(e.fields.bankAccountLast4);
        toast({
          title: 'Payout Failed',
          description: errorMessage(e, 'Failed to request payout. Please try again.'),
          variant: 'destructive',
        });
      },
    });
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
            <Field label="Bank account: last four digits" error={error} hint="Asked once; used for all later payouts.">
              {(p) => (
                <Input
                  {...p}
                  inputMode="numeric"
                  autoComplete="off"
                  maxLength={4}
                  value={digits}
                  onChange={(e) => {
                    setDigits(e.target.value.replace(/\D/g, ''));
                    setError(undefined);
                  }}
                />
              )}
            </Field>
          )}
          <DialogActions closeLabel="Cancel">
            <Button type="submit" disabled={request.isPending}>
              {request.isPending ? 'Requesting...' : `Request ${formatMoney(available)}`}
            </Button>
          </DialogActions>
        </form>
        <Dialog.Close aria-label="Close" className="absolute top-3 right-3 rounded p-1 text-muted hover:text-ink">
          <X className="h-4 w-4" />
        </Dialog.Close>
      </DialogFrame>
    </Dialog.Root>
  );
}
