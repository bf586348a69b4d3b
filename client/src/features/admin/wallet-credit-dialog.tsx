import { Wallet, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useState, type FormEvent } from 'react';
import type { AdminUserRow } from '@common/schemas/admin';
import { ApiError, errorMessage } from '../../lib/api';
import { textsFor } from '../../lib/i18n/areas';
import { useFormats } from '../../lib/i18n/use-formats';
import { Button } from '../../ui/button';
import { DialogActions, DialogFrame } from '../../ui/dialog-frame';
import { Field, Input } from '../../ui/input';
import { toast } from '../../ui/toast-store';
import { useCreditWallet } from './wallet-credit-api';
import { CREDIT_REASON_MAX_LENGTH, readCreditForm, type CreditErrors } from './wallet-credit-form';

const useT = textsFor('admin');

/** An administrator's goodwill credit into one patient's wallet, with the reason the patient reads. */
export function WalletCreditDialog({ user }: { user: AdminUserRow }) {
  const t = useT();
  const f = useFormats();
  // A limit keeps its cents ("$500.00"), as the field expects them typed.
  const dollars = (cents: number) => f.money(cents, { toTheCent: true });
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
    const form = readCreditForm(amount, reason, { t, dollars });
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
            title: t('admin.credit.done'),
            description: t('admin.credit.doneText', {
              amount: f.money(form.request.amount),
              name,
              balance: f.money(row.walletBalance),
            }),
            variant: 'success',
          });
        },
        onError: (e) => {
          if (e instanceof ApiError && e.fields) setErrors({ amount: e.fields.amount, reason: e.fields.reason });
          setFailure(errorMessage(e, t('admin.credit.failed')));
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
        <Button variant="outline" size="sm" aria-label={t('admin.credit.openName', { name })}>
          <Wallet className="h-4 w-4" aria-hidden /> {t('admin.credit.open')}
        </Button>
      </Dialog.Trigger>
      <DialogFrame
        title={t('admin.credit.title', { name })}
        description={t('admin.credit.description', { email: user.email, balance: f.money(user.walletBalance) })}
      >
        <form onSubmit={handleSubmit} className="mt-5 flex flex-col gap-4" noValidate>
          <Field
            label={t('admin.credit.amount')}
            error={errors.amount}
            hint={t('admin.credit.amountHint', { min: dollars(1), max: dollars(50_000), example: '25.00' })}
          >
            {(p) => (
              <div className="relative" dir="ltr">
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
            label={t('admin.credit.reason')}
            error={errors.reason}
            hint={t('admin.credit.reasonHint', { max: CREDIT_REASON_MAX_LENGTH })}
          >
            {(p) => (
              <Input
                {...p}
                name="reason"
                autoComplete="off"
                placeholder={t('admin.credit.reasonPlaceholder')}
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
          <DialogActions closeLabel={t('admin.cancel')} disabled={credit.isPending}>
            {/* aria-disabled keeps the focus here while sending, for the error that may follow. */}
            <Button
              type="submit"
              aria-disabled={credit.isPending}
              className="aria-disabled:cursor-wait aria-disabled:opacity-50"
            >
              {t(credit.isPending ? 'admin.credit.crediting' : 'admin.credit.submit')}
            </Button>
          </DialogActions>
        </form>
        <Dialog.Close
          aria-label={t('admin.close')}
          className="absolute top-3 end-3 rounded p-1 text-muted hover:text-ink"
        >
          <X className="h-4 w-4" />
        </Dialog.Close>
      </DialogFrame>
    </Dialog.Root>
  );
}
