import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { CardInput } from '@common/rules/card';
import { errorMessage } from '../../lib/api';
import { textsFor } from '../../lib/i18n/areas';
import type { PaymentSession } from '../../lib/payment-session';
import { confirmSimulatedCard, paymentConfigQuery } from '../../lib/shared-api';
import { Spinner } from '../spinner';
import { toast } from '../toast-store';
import { SimulatedCardForm } from './simulated-card-form';
import { StripePaymentForm } from './stripe-payment-form';

const useT = textsFor('payment');

type Props = {
  /** The payment session the page started: an appointment's, a specialty's or a report's. */
  session: PaymentSession<{ clientSecret: string }>;
  amountLabel: string;
  /** The button's words when they are not simply "Pay $x". */
  submitLabel?: string;
  /**
   * Tells Medora the card was paid, resolving once the payment is applied. The page says what
   * follows (its toast, where it goes) and what a failure means; a rejection frees the form again.
   */
  onPaid: (paymentIntentId: string) => Promise<unknown>;
  /** Told while a payment is under way, so the page can hold its other actions. */
  onBusy?: (busy: boolean) => void;
};

/**
 * The card step of every checkout (appointment, specialty, outbreak report): waits for the page's
 * payment session and the payment mode, shows the processor's form (Stripe's Payment Element or
 * the simulated card form), says why a card was declined beside the button and in a toast, and
 * hands the paid intent to the page.
 */
export function PaymentStep({ session, amountLabel, submitLabel, onPaid, onBusy }: Props) {
  const t = useT();
  const config = useQuery(paymentConfigQuery);
  const [processing, setProcessingState] = useState(false);
  // The processor's words for the last failed attempt; the session stays, so the card can be retried.
  const [declined, setDeclined] = useState<string | null>(null);

  const setProcessing = (busy: boolean) => {
    if (busy) setDeclined(null);
    setProcessingState(busy);
    onBusy?.(busy);
  };

  const failed = (message: string) => {
    setProcessing(false);
    setDeclined(message);
    toast({ title: t('payment.failed'), description: message, variant: 'destructive' });
  };

  const paid = (paymentIntentId: string) => {
    setProcessing(true);
    onPaid(paymentIntentId).catch(() => setProcessing(false));
  };

  const paySimulated = async (card: CardInput) => {
    setProcessing(true);
    try {
      const result = await confirmSimulatedCard.send({ body: { clientSecret: session.data!.clientSecret, card } });
      if (result.error) return failed(result.error.message);
      paid(result.paymentIntentId);
    } catch (error) {
      failed(errorMessage(error, t('payment.notCompleted')));
    }
  };

  if (session.isPending || config.isPending)
    return (
      <div className="flex flex-col items-center gap-3 py-10">
        <Spinner className="h-8 w-8" label={t('payment.preparingLabel')} />
        <p className="text-sm text-muted">{t('payment.preparing')}</p>
      </div>
    );
  if (!session.data?.clientSecret || config.isError)
    return (
      <p role="alert" className="py-6 text-center text-sm text-danger">
        {t('payment.formFailed')}
      </p>
    );
  return config.data.provider === 'stripe' && config.data.publishableKey ? (
    <StripePaymentForm
      publishableKey={config.data.publishableKey}
      clientSecret={session.data.clientSecret}
      amountLabel={amountLabel}
      submitLabel={submitLabel}
      processing={processing}
      onProcessing={setProcessing}
      onPaid={paid}
      onFailed={failed}
      error={declined}
    />
  ) : (
    <SimulatedCardForm
      amountLabel={amountLabel}
      submitLabel={submitLabel}
      processing={processing}
      onPay={(card) => void paySimulated(card)}
      error={declined}
    />
  );
}
