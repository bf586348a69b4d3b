import { CreditCard, Lock } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { cardErrors, formatCardNumber, type CardInput } from '@common/rules/card';
import { textsFor } from '../../lib/i18n/areas';
import { useIntlShape } from '../../lib/i18n/use-t';
import { Button } from '../button';
import { Field, Input } from '../input';
import { cardMessage } from './card-messages';
import { PaymentError } from './payment-error';

const useT = textsFor('payment');

// Card numbers read left to right inside an Arabic sentence too (digit groups would swap places).
const ltr = (text: string) => (
  <bdi dir="ltr" className="whitespace-nowrap">
    {text}
  </bdi>
);

type Props = {
  amountLabel: string;
  processing: boolean;
  onPay: (card: CardInput) => void;
  /** The button's words when it is not simply "Pay $x". */
  submitLabel?: string;
  /** Why the last attempt failed (a declined card), shown beside the button. */
  error?: string | null;
};

/** The simulated processor's card form: the same checks a real card form makes (Luhn, expiry). */
export function SimulatedCardForm({ amountLabel, processing, onPay, submitLabel, error }: Props) {
  const t = useT();
  const intl = useIntlShape();
  const errorId = useId();
  const [card, setCard] = useState<CardInput>({ number: '', expiry: '', cvc: '', postcode: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof CardInput, string>>>({});
  const set = (patch: Partial<CardInput>) => setCard((c) => ({ ...c, ...patch }));

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = cardErrors(card);
    setErrors(found);
    if (Object.keys(found).length === 0) onPay(card);
  };

  const handleExpiry = (value: string) => {
    const digits = value.replace(/\D/g, '').slice(0, 4);
    set({ expiry: digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits });
  };

  const shown = processing ? null : cardMessage(error, t);
  return (
    <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-4" aria-label={t('payment.card.label')}>
      <Field label={t('payment.card.number')} error={cardMessage(errors.number, t)}>
        {(p) => (
          // A card number is a left-to-right thing in every language: the field and its icon with it.
          <div className="relative" dir="ltr">
            <Input
              {...p}
              inputMode="numeric"
              autoComplete="cc-number"
              placeholder="1234 1234 1234 1234"
              className="pe-10"
              value={card.number}
              onChange={(e) => set({ number: formatCardNumber(e.target.value) })}
            />
            <CreditCard className="pointer-events-none absolute end-3 top-2.5 h-5 w-5 text-slate-400" aria-hidden />
          </div>
        )}
      </Field>
      <div className="grid grid-cols-2 gap-3">
        <Field label={t('payment.card.expiry')} error={cardMessage(errors.expiry, t)}>
          {(p) => (
            <Input
              {...p}
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder={t('payment.card.expiryPlaceholder')}
              dir="ltr"
              className="text-start"
              value={card.expiry}
              onChange={(e) => handleExpiry(e.target.value)}
            />
          )}
        </Field>
        <Field label={t('payment.card.cvc')} error={cardMessage(errors.cvc, t)}>
          {(p) => (
            <Input
              {...p}
              inputMode="numeric"
              autoComplete="cc-csc"
              placeholder="123"
              dir="ltr"
              className="text-start"
              maxLength={4}
              value={card.cvc}
              onChange={(e) => set({ cvc: e.target.value.replace(/\D/g, '') })}
            />
          )}
        </Field>
      </div>
      <Field label={t('payment.card.postcode')} error={cardMessage(errors.postcode, t)}>
        {(p) => (
          <Input
            {...p}
            autoComplete="postal-code"
            placeholder="10001"
            maxLength={10}
            value={card.postcode}
            onChange={(e) => set({ postcode: e.target.value })}
          />
        )}
      </Field>
      <Button
        type="submit"
        size="lg"
        disabled={processing}
        className="w-full"
        aria-describedby={shown ? errorId : undefined}
      >
        {processing ? t('payment.processing') : (submitLabel ?? t('payment.pay', { amount: amountLabel }))}
      </Button>
      <PaymentError id={errorId} message={shown} />
      <div className="rounded-lg bg-surface p-3 text-xs text-muted">
        <p className="flex items-center gap-1.5 font-medium text-ink">
          <Lock className="h-3.5 w-3.5" aria-hidden /> {t('payment.testMode')}
        </p>
        <p className="mt-1">
          {intl.formatMessage(
            { id: 'payment.testCards' },
            {
              pay: ltr('4242 4242 4242 4242'),
              declined: ltr('4000 0000 0000 0002'),
              funds: ltr('4000 0000 0000 9995'),
            },
          )}
        </p>
      </div>
    </form>
  );
}
