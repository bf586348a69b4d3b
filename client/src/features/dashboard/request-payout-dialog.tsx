import { Banknote, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../lib/api';
import { textsFor } from '../../lib/i18n/areas';
import { useFormats } from '../../lib/i18n/use-formats';
import { Button } from '../../ui/button';
import { DialogActions, DialogFrame } from '../../ui/dialog-frame';
import { toast } from '../../ui/toast-store';
import { useRequestPayout } from './api';

const useT = textsFor('dashboard');

/** Moves every available earning into one bank-transfer payout, to the payout account the doctor set up. */
export function RequestPayoutDialog({ available, accountLast4 }: { available: number; accountLast4: string | null }) {
  const [open, setOpen] = useState(false);
  const request = useRequestPayout();
  const t = useT();
  const { money, ltr } = useFormats();

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!accountLast4) return;
    request.mutate(
      {},
      {
        onSuccess: (payout) => {
          setOpen(false);
          toast({
            title: t('dashboard.request.done.title'),
            description: t('dashboard.request.done.text', { amount: money(payout.amount) }),
            variant: 'success',
          });
        },
        onError: (e) => {
          toast({
            title: t('dashboard.request.failed.title'),
            description: errorMessage(e, t('dashboard.request.failed.text')),
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
          <Banknote className="h-4 w-4" aria-hidden /> {t('dashboard.request.button')}
        </Button>
      </Dialog.Trigger>
      <DialogFrame
        title={t('dashboard.request.button')}
        description={
          accountLast4
            ? t('dashboard.request.description', { amount: money(available), last4: ltr(accountLast4) })
            : t('dashboard.request.descriptionNoAccount', { amount: money(available) })
        }
      >
        <form onSubmit={handleSubmit} className="mt-5 flex flex-col gap-4" noValidate>
          {!accountLast4 && (
            <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
              {t('dashboard.request.needAccount')}
            </p>
          )}
          <DialogActions closeLabel={t('dashboard.cancel')}>
            <Button type="submit" disabled={request.isPending || !accountLast4}>
              {request.isPending
                ? t('dashboard.request.requesting')
                : t('dashboard.request.submit', { amount: money(available) })}
            </Button>
          </DialogActions>
        </form>
        <Dialog.Close
          aria-label={t('dashboard.close')}
          className="absolute top-3 end-3 rounded p-1 text-muted hover:text-ink"
        >
          <X className="h-4 w-4" />
        </Dialog.Close>
      </DialogFrame>
    </Dialog.Root>
  );
}
