import type { Db } from '../../db/client';
import { on } from '../events/bus';
import { account, postTransfer } from '../ledger/ledger';
import { readSettings } from '../platform/settings';
import { recordPendingEarning, releaseEarning, reverseEarningForRefund } from './transitions';

type Reversed = { id: string; doctorId: string; netEarnings: number; platformCommission: number; grossAmount: number };

/** A reversed earning gives the doctor's share and the platform's fee back to the platform's revenue. */
async function unsplit(tx: Db, reversed: Reversed[]) {
  for (const e of reversed) {
    await postTransfer(tx, {
      key: `earning_reversal:${e.id}`,
      kind: 'earning_reversed',
      legs: [
        { account: account.doctorPayable(e.doctorId), amount: -e.netEarnings },
        { account: account.platformFees, amount: -e.platformCommission },
        { account: account.platformRevenue, amount: e.grossAmount },
      ],
    });
  }
}

type PaidShare = { payment: { id: string; amount: number }; appointment: { id: string; doctorId: string } };

/**
 * The doctor's pending share of a paid consultation and its split in the ledger. The demo seed
 * calls it too, so seeded money is in the ledger like any other.
 */
export async function recordPaidShare(tx: Db, { payment, appointment }: PaidShare) {
  // The platform fee in force when the payment succeeded, so a later change never rewrites it.
  const { platformFeePercent } = await readSettings(tx);
  const earning = await recordPendingEarning(tx, {
    doctorId: appointment.doctorId,
    appointmentId: appointment.id,
    paymentId: payment.id,
    gross: payment.amount,
    feePercent: platformFeePercent,
  });
  if (!earning) return;
  await postTransfer(tx, {
    key: `earning:${earning.id}`,
    kind: 'earning_split',
    paymentId: payment.id,
    legs: [
      { account: account.platformRevenue, amount: -earning.grossAmount },
      { account: account.doctorPayable(earning.doctorId), amount: earning.netEarnings },
      { account: account.platformFees, amount: earning.platformCommission },
    ],
  });
}

/**
 * The doctor's share of every paid consultation, from payment to payout (see transitions.ts). A
 * cancellation takes the share back through its refund (`payment.refund_started`): every
 * cancellation of a paid appointment refunds it, so no subscriber listens to the cancellation
 * itself (decision 072 removed one that never ran).
 */
export const earningSubscribers = [
  on('payment.succeeded', 'earnings: record the doctor’s pending share', async (event, { tx }) => {
    await recordPaidShare(tx, event);
  }),
  // Only the room's word releases at once: a call too short to count leaves the share pending for
  // an administrator, and what a doctor marks by hand (in-person done, a no-show) is held for the
  // patient's dispute window and released by disputes/ (decision 073).
  on(
    'appointment.completed',
    'earnings: the share becomes available',
    async ({ appointment, attended, by }, { tx }) => {
      if (attended && by === 'room') await releaseEarning(tx, appointment.id);
    },
  ),
  on('payment.refund_started', 'earnings: a refunded share is reversed', async ({ payment }, { tx }) => {
    if (payment.appointmentId) await unsplit(tx, await reverseEarningForRefund(tx, payment.appointmentId));
  }),
];
