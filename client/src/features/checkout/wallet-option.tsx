import { Wallet } from 'lucide-react';
import { textsFor } from '../../lib/i18n/areas';
import { useFormats } from '../../lib/i18n/use-formats';
import { Button } from '../../ui/button';

const useT = textsFor('checkout');

/**
 * The wallet at checkout: a switch to spend the balance first. When it covers the whole fee there
 * is no card step, only this button.
 */
export function WalletOption({
  balance,
  fee,
  applied,
  onApply,
  onPayAll,
  paying,
}: {
  balance: number;
  fee: number;
  applied: boolean;
  onApply: (applied: boolean) => void;
  onPayAll: () => void;
  paying: boolean;
}) {
  const t = useT();
  const format = useFormats();
  const part = Math.min(balance, fee);
  const coversAll = part === fee;
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-brand-100 bg-brand-50 p-4 text-sm">
      <label className="flex items-start gap-3">
        <input
          type="checkbox"
          className="mt-0.5 h-4 w-4 accent-brand-700"
          checked={applied}
          disabled={paying}
          onChange={(e) => onApply(e.target.checked)}
        />
        <span>
          <span className="flex items-center gap-1.5 font-medium text-ink">
            <Wallet className="h-4 w-4 text-brand-700" aria-hidden />{' '}
            {t('checkout.wallet.use', { balance: format.money(balance) })}
          </span>
          <span className="text-muted">
            {coversAll
              ? t('checkout.wallet.coversAll', { fee: format.money(fee) })
              : t('checkout.wallet.split', { wallet: format.money(part), card: format.money(fee - part) })}
          </span>
        </span>
      </label>
      {applied && coversAll && (
        <Button onClick={onPayAll} disabled={paying}>
          {paying ? t('checkout.wallet.processing') : t('checkout.wallet.pay', { fee: format.money(fee) })}
        </Button>
      )}
    </div>
  );
}
