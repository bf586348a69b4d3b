// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SimulatedCardForm } from './simulated-card-form';

/** The text of the elements an element's aria-describedby points to: what a screen reader adds to its name. */
const description = (el: Element) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

afterEach(cleanup);

describe('a declined card', () => {
  it('shows the processor’s message beside the Pay button and moves the focus there', () => {
    const props = { amountLabel: '$150.00', processing: false, onPay: () => {} };
    const { rerender } = render(<SimulatedCardForm {...props} error={null} />);
    expect(screen.queryByTestId('payment-error')).toBeNull();
    rerender(<SimulatedCardForm {...props} error="Your card was declined." />);
    const message = screen.getByTestId('payment-error');
    expect(message.textContent).toContain('Your card was declined.');
    expect(document.activeElement).toBe(message);
    const pay = screen.getByRole('button', { name: 'Pay $150.00' });
    expect(description(pay)).toBe('Your card was declined.');
    // Beside the button: the next thing after it in the form.
    expect(pay.nextElementSibling).toBe(message);
  });

  it('hides the old message while the next attempt is processing', () => {
    render(<SimulatedCardForm amountLabel="$150.00" processing onPay={() => {}} error="Your card was declined." />);
    expect(screen.queryByTestId('payment-error')).toBeNull();
    expect((screen.getByRole('button', { name: 'Processing...' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
