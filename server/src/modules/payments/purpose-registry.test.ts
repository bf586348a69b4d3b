import { describe, expect, it } from 'vitest';
import type { PaymentIntent } from '../../payments/provider';
import type { UnitServices } from '../events/bus';
import { PaymentPurposes, type PaymentPurposeHandler } from './purposes';

/*
 * The webhook's dispatch by purpose (payments/purposes.ts): each purpose has one owner. A second
 * module registering the same purpose would silently take the other's payments (a report's
 * success handed to the appointments' confirmation, or the reverse), so it is refused when the
 * app starts; an intent whose purpose nobody claims is handed to no one.
 */

const intent = (purpose?: string): PaymentIntent => ({
  id: 'pi_registry',
  clientSecret: 'pi_registry_secret',
  amount: 15000,
  currency: 'usd',
  status: 'succeeded',
  metadata: purpose === undefined ? {} : { purpose },
  lastError: null,
});
const services = {} as UnitServices;
const NOW = new Date('2031-03-10T15:00:00Z');

describe('the payment purposes of an app', () => {
  it('refuse a second handler for the same purpose, naming it, and keep the first', async () => {
    const purposes = new PaymentPurposes();
    const handled: string[] = [];
    const first: PaymentPurposeHandler = async () => void handled.push('first');
    const second: PaymentPurposeHandler = async () => void handled.push('second');
    purposes.register('report', first);
    expect(() => purposes.register('report', second)).toThrow('Payment purpose "report" is registered twice.');
    await purposes.dispatch(intent('report'), services, NOW);
    expect(handled).toEqual(['first']);
  });

  it('hand an intent to its own purpose’s handler only, and one of no purpose to none', async () => {
    const purposes = new PaymentPurposes();
    const handled: string[] = [];
    purposes.register('appointment', async (i) => void handled.push(`appointment ${i.id}`));
    purposes.register('report', async (i) => void handled.push(`report ${i.id}`));
    expect(await purposes.dispatch(intent('report'), services, NOW)).toBe(true);
    expect(await purposes.dispatch(intent(), services, NOW)).toBe(false);
    expect(await purposes.dispatch(intent('specialty'), services, NOW)).toBe(false);
    expect(handled).toEqual(['report pi_registry']);
  });
});
