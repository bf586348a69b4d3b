import type { AppDeps } from '../app';
import type { CspExtras } from '../http/security';
import type { Config } from '../config';
import type { PaymentProvider } from './provider';
import { SimulatedProvider } from './simulated';
import { StripeProvider } from './stripe';

const providers = new WeakMap<AppDeps, PaymentProvider>();

/** One provider per app: Stripe when both keys are configured, else the simulated processor. */
export function paymentProviderFor(deps: AppDeps): PaymentProvider {
  let provider = providers.get(deps);
  if (!provider) {
    provider = deps.config.stripe ? new StripeProvider(deps.config.stripe) : new SimulatedProvider(deps.database.db);
    providers.set(deps, provider);
  }
  return provider;
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
