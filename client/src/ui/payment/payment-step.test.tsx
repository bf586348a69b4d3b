// @vitest-environment jsdom
// The one card step of every checkout: the page gives it a payment session and what to do once
// paid; the step owns the form, a declined card, a failed confirmation and the loading states.
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PaymentSession } from '../../lib/payment-session';
import { createQueryClient } from '../../lib/query-client';
import { startServer } from '../../test-support/msw';
import { Toaster } from '../toaster';
import { PaymentStep } from './payment-step';

const server = startServer();
beforeAll(() => import('@common/schemas/payments'));
afterEach(cleanup);

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
const ready: PaymentSession<{ clientSecret: string }> = {
  data: { clientSecret: 'cs_1' },
  error: null,
  isPending: false,
  isError: false,
  isSuccess: true,
};

function show(session: PaymentSession<{ clientSecret: string }>, onPaid: (id: string) => Promise<unknown>) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <PaymentStep session={session} amountLabel="$150.00" onPaid={onPaid} />
      <Toaster />
    </QueryClientProvider>,
  );
}

async function payWith(number: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Card number'), number);
  await user.type(screen.getByLabelText('Expiry (MM / YY)'), '1234');
  await user.type(screen.getByLabelText('CVC'), '123');
  await user.type(screen.getByLabelText('Postcode'), '10001');
  await user.click(screen.getByRole('button', { name: 'Pay $150.00' }));
}

describe('the payment step', () => {
  it('says a declined card beside the button and in a toast, keeps the form, and hands a paid card to the page', async () => {
    const cards: string[] = [];
    server.use(
      http.get('*/api/payments/config', () => json({ provider: 'simulated', publishableKey: null })),
      http.post('*/api/payments/simulated/confirm-card', async ({ request }) => {
        const { card } = (await request.json()) as { card: { number: string } };
        cards.push(card.number);
        return card.number.startsWith('4000')
          ? json({
              paymentIntentId: 'pi_1',
              status: 'requires_payment_method',
              error: { code: 'card_declined', message: 'Your card was declined.' },
            })
          : json({ paymentIntentId: 'pi_1', status: 'succeeded', error: null });
      }),
    );
    const onPaid = vi.fn(async () => undefined);
    show(ready, onPaid);

    await payWith('4000 0000 0000 0002');
    expect((await screen.findByTestId('payment-error')).textContent).toContain('Your card was declined.');
    expect(await screen.findByText('Payment Failed')).toBeTruthy();
    expect(onPaid).not.toHaveBeenCalled();

    const field = screen.getByLabelText('Card number');
    await userEvent.clear(field);
    await payWith('4242 4242 4242 4242');
    await waitFor(() => expect(onPaid).toHaveBeenCalledWith('pi_1'));
    expect(cards).toHaveLength(2);
  });

  it('frees the form again when the page could not apply the payment', async () => {
    let confirmed = 0;
    server.use(
      http.get('*/api/payments/config', () => json({ provider: 'simulated', publishableKey: null })),
      http.post('*/api/payments/simulated/confirm-card', () => {
        confirmed += 1;
        return json({ paymentIntentId: 'pi_2', status: 'succeeded', error: null });
      }),
    );
    const onPaid = vi.fn(async () => Promise.reject(new Error('confirm failed')));
    show(ready, onPaid);
    await payWith('4242 4242 4242 4242');
    await waitFor(() => expect(onPaid).toHaveBeenCalledWith('pi_2'));
    expect(confirmed).toBe(1);
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Pay $150.00' }) as HTMLButtonElement).disabled).toBe(false),
    );
  });

  it('says it is preparing while the session is made, and that the form could not load when it failed', async () => {
    server.use(http.get('*/api/payments/config', () => json({ provider: 'simulated', publishableKey: null })));
    const pending = { ...ready, data: undefined, isPending: true, isSuccess: false };
    show(pending, async () => undefined);
    expect(await screen.findByText('Preparing secure payment...')).toBeTruthy();
    cleanup();
    show({ ...ready, data: undefined, isError: true, isSuccess: false, error: new Error('x') }, async () => undefined);
    expect((await screen.findByRole('alert')).textContent).toBe('Unable to load payment form. Please try again.');
  });
});
