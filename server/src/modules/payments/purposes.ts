import type { payments } from '../../db/schema';
import type { AppContext } from '../../deps';
import type { PaymentIntent } from '../../payments/provider';
import type { UnitServices } from '../events/bus';

/** What a payment is for, as each creator stamps it into the intent's metadata (`purpose`). */
export type PaymentPurpose = (typeof payments.$inferSelect)['purpose'];

/**
 * Applies what the provider now reports about one of the purpose's intents (the intent was just
 * re-read, never taken from the event). It must be idempotent, as webhooks are replayed and
 * arrive out of order, and must ignore an intent it has no record of.
 */
export type PaymentPurposeHandler = (intent: PaymentIntent, services: UnitServices, now: Date) => Promise<void>;

/**
 * The payment webhook's dispatch: each module that takes payments registers the handler for its
 * purpose (payments for appointments and specialties, outbreak for reports), so payments knows
 * none of the modules above it.
 */
export class PaymentPurposes {
  private readonly handlers = new Map<string, PaymentPurposeHandler>();

  register(purpose: PaymentPurpose, handler: PaymentPurposeHandler): void {
    if (this.handlers.has(purpose)) throw new Error(`Payment purpose "${purpose}" is registered twice.`);
    this.handlers.set(purpose, handler);
  }

  /** Hands the intent to its purpose's handler; false when no handler claims that purpose. */
  async dispatch(intent: PaymentIntent, services: UnitServices, now: Date): Promise<boolean> {
    const handler = this.handlers.get(intent.metadata.purpose ?? '');
    if (!handler) return false;
    await handler(intent, services, now);
    return true;
  }
}

const byApp = new WeakMap<AppContext, PaymentPurposes>();

/**
 * The app's registry. buildApp creates one context per app and passes that same object to every
 * route module, so modules registering here from their route plugins share one registry per app,
 * never one across apps (tests run several apps in one process).
 */
export function paymentPurposes(context: AppContext): PaymentPurposes {
  let purposes = byApp.get(context);
  if (!purposes) {
    purposes = new PaymentPurposes();
    byApp.set(context, purposes);
  }
  return purposes;
}
