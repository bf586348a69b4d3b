import { Wallet } from 'lucide-react';
import { formatMoney } from '@common/rules/fees';
import { Button } from '../../ui/button';

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
            <Wallet className="h-4 w-4 text-brand-700" aria-hidden /> Use my wallet balance ({formatMoney(balance)})
          </span>
          <span className="text-muted">
            {coversAll
              ? `Your wallet covers the whole fee of ${formatMoney(fee)}.`
              : `${formatMoney(part)} from your wallet, ${formatMoney(fee - part)} by card.`}
          </span>
        </span>
      </label>
      {applied && coversAll && (
        <Button onClick={onPayAll} disabled={paying}>
          {paying ? 'Processing...' : `Pay ${formatMoney(fee)} from Wallet`}
        </Button>
      )}
    </div>
  );
}
