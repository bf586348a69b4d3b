import { on } from '../events/bus';
import { qualify, reverse } from './rewards';

export const referralSubscribers = [
  on('appointment.completed', 'referrals: a first completed consultation qualifies', async (event, unit) => {
    if (event.attended) await qualify(unit, event.appointment);
  }),
  on(
    'payment.refund_started',
    'referrals: a refunded qualifying payment reverses the reward',
    async ({ payment, visitCancelled }, unit) => {
      // Only an attended visit qualifies a referral, and a cancelled one never took place.
      if (!visitCancelled) await reverse(unit, payment.id);
    },
  ),
];
