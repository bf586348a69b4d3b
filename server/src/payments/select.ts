import type { CspExtras } from '../http/security';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { PaymentProvider } from './provider';
import { SimulatedProvider } from './simulated';
import { StripeProvider } from './stripe';

/** Stripe when both keys are configured, else the simulated processor. */
export function createPaymentProvider(config: Config, db: Db): PaymentProvider {
  return config.stripe ? new StripeProvider(config.stripe) : new SimulatedProvider(db);
}

/**
 * Stripe.js and the Payment Element need Stripe's hosts (docs.stripe.com/security/guide#content-security-policy);
 * in simulated mode the page loads nothing from anywhere but us.
 */
export function paymentCspExtras(config: Config): CspExtras {
  if (!config.stripe) return {};
  return {
    scriptSrc: ['https://js.stripe.com', 'https://*.js.stripe.com'],
    frameSrc: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
    connectSrc: ['https://api.stripe.com'],
  };
}
