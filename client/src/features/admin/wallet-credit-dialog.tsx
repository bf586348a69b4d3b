import { Wallet, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useState, type FormEvent } from 'react';
import type { AdminUserRow } from '@common/schemas/admin';
import { formatMoney } from '@common/rules/fees';
import { ApiError, errorMessage } from '../../lib/api';
import { Button } from '../../ui/button';
import { DialogActions, DialogFrame } from '../../ui/dialog-frame';
import { Field, Input } from '../../ui/input';
import { toast } from '../../ui/toast-store';
import { useCreditWallet } from './wallet-credit-api';
import { CREDIT_REASON_MAX_LENGTH, readCreditForm, type CreditErrors } from './wallet-credit-form';

/** An administrator's goodwill credit into one patient's wallet, with the reason the patient reads. */
export function WalletCreditDialog({ user }: { user: AdminUserRow }) {
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<CreditErrors>({});
  const [failure, setFailure] = useState<string>();
  const credit = useCreditWallet();
  const name = `${user.firstName} ${user.lastName}`;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (credit.isPending) return;
    setFailure(undefined);
    const form = readCreditForm(amount, reason);
    if ('errors' in form) {
      setErrors(form.errors);
      const first = form.errors.amount ? 'amount' : 'reason';
      (event.currentTarget.elements.namedItem(first) as HTMLInputElement | null)?.focus();
      return;
    }
    setErrors({});
    credit.mutate(
      { userId: user.id, credit: form.request },
      {
        onSuccess: (row) => {
          setOpen(false);
          toast({
            title: 'Wallet Credited',
            description: `${formatMoney(form.request.amount)} added to ${name}'s wallet. New balance: ${formatMoney(row.walletBalance)}.`,
            variant: 'success',
          });
        },
        onError: (e) => {
          if (e instanceof ApiError && e.fields) setErrors({ amount: e.fields.amount, reason: e.fields.reason });
          setFailure(errorMessage(e, 'The wallet could not be credited. Please try again.'));
        },
      },
    );
  };

  const handleOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) {
      setAmount('');
      setReason('');
      setErrors({});
      setFailure(undefined);
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={handleOpenChange}>
      <Dialog.Trigger asChild>
        <Button variant="outline" size="sm" aria-label={`Credit wallet of ${name}`}>
          <Wallet className="h-4 w-4" aria-hidden /> Credit wallet
        </Button>
      </Dialog.Trigger>
      <DialogFrame
        title={`Credit ${name}'s wallet`}
        description={`${user.email} has ${formatMoney(user.walletBalance)} in their wallet. The credit is added at once and the patient sees your reason beside it.`}
      >
        <form onSubmit={handleSubmit} className="mt-5 flex flex-col gap-4" noValidate>
          <Field label="Amount in US dollars" error={errors.amount} hint="From $0.01 to $500.00, e.g. 25.00">
            {(p) => (
              <div className="relative">
                <span
                  aria-hidden
                  className="pointer-events-none absolute inset-y-0 start-3 flex items-center text-muted"
                >
                  $
                </span>
                <Input
                  {...p}
                  name="amount"
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder="25.00"
                  className="ps-7"
                  value={amount}
                  onChange={(e) => setAmount(e.target.value)}
                />
              </div>
            )}
          </Field>
          <Field
            label="Reason"
            error={errors.reason}
            hint={`The patient sees this in their wallet activity. Up to ${CREDIT_REASON_MAX_LENGTH} characters.`}
          >
            {(p) => (
              <Input
                {...p}
                name="reason"
                autoComplete="off"
                placeholder="Sorry for the long wait on your last visit"
                value={reason}
                onChange={(e) => setReason(e.target.value)}
              />
            )}
          </Field>
          {failure && (
            <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-danger">
              {failure}
            </p>
          )}
          <DialogActions closeLabel="Cancel" disabled={credit.isPending}>
            {/* aria-disabled keeps the focus here while sending, for the error that may follow. */}
            <Button
              type="submit"
              aria-disabled={credit.isPending}
              className="aria-disabled:cursor-wait aria-disabled:opacity-50"
            >
              {credit.isPending ? 'Crediting...' : 'Credit Wallet'}
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
