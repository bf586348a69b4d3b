import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { Stripe, StripeElements } from '@stripe/stripe-js';
import { textsFor } from '../../lib/i18n/areas';
import { Button } from '../button';
import { Spinner } from '../spinner';
import { cardMessage } from './card-messages';
import { PaymentError } from './payment-error';

const useT = textsFor('payment');

type Props = {
  publishableKey: string;
  clientSecret: string;
  amountLabel: string;
  processing: boolean;
  onProcessing: (busy: boolean) => void;
  onPaid: (paymentIntentId: string) => void;
  onFailed: (message: string) => void;
  /** The button's words when it is not simply "Pay $x". */
  submitLabel?: string;
  /** Why the last attempt failed (a declined card), shown beside the button. */
  error?: string | null;
};

/**
 * Stripe mode: the Payment Element. `@stripe/stripe-js/pure` loads Stripe's script only when
 * this component runs, so the simulated checkout never contacts Stripe.
 */
export function StripePaymentForm({
  publishableKey,
  clientSecret,
  amountLabel,
  processing,
  onProcessing,
  onPaid,
  onFailed,
  submitLabel,
  error,
}: Props) {
  const t = useT();
  const errorId = useId();
  const mountRef = useRef<HTMLDivElement>(null);
  const [stripe, setStripe] = useState<Stripe | null>(null);
  const [elements, setElements] = useState<StripeElements | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    let cancelled = false;
    let destroy = () => {};
    import('@stripe/stripe-js/pure')
      .then(({ loadStripe }) => loadStripe(publishableKey))
      .then((instance) => {
        if (cancelled || !instance || !mountRef.current) {
          if (!instance) setState('failed');
          return;
        }
        const els = instance.elements({ clientSecret });
        const element = els.create('payment');
        element.on('ready', () => setState('ready'));
        element.on('loaderror', () => setState('failed'));
        element.mount(mountRef.current);
        destroy = () => element.destroy();
        setStripe(instance);
        setElements(els);
      })
      .catch(() => !cancelled && setState('failed'));
    return () => {
      cancelled = true;
      destroy();
    };
  }, [publishableKey, clientSecret]);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    onProcessing(true);
    const { error, paymentIntent } = await stripe.confirmPayment({
      elements,
      redirect: 'if_required',
      confirmParams: { return_url: `${window.location.origin}/appointments` },
    });
    if (error) return onFailed(error.message ?? t('payment.notCompleted'));
    if (paymentIntent) onPaid(paymentIntent.id);
  };

  if (state === 'failed')
    return (
      <p role="alert" className="text-sm text-danger">
        {t('payment.formFailed')}
      </p>
    );
  const shown = processing ? null : cardMessage(error, t);
  return (
    <form onSubmit={handleSubmit} className="flex flex-col gap-4" aria-label={t('payment.stripe.label')}>
      {state === 'loading' && (
        <div className="flex justify-center py-6">
          <Spinner label={t('payment.stripe.loading')} />
        </div>
      )}
      <div ref={mountRef} />
      <Button
        type="submit"
        size="lg"
        disabled={processing || state !== 'ready'}
        className="w-full"
        aria-describedby={shown ? errorId : undefined}
      >
        {processing ? t('payment.processing') : (submitLabel ?? t('payment.pay', { amount: amountLabel }))}
      </Button>
      <PaymentError id={errorId} message={shown} />
    </form>
  );
}
