import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { confirmReplySchema, intentReplySchema, type IntentReply } from '@common/schemas/payments';
import { endpoint } from '../../lib/endpoint';
import { appointmentQuery } from '../../lib/patient-appointments';
import { usePaymentSession, type PaymentSession } from '../../lib/payment-session';
import { APPOINTMENT_VIEW_KEYS, queryKeys } from '../../lib/query-keys';
import { walletQuery } from '../../lib/shared-api';

const createIntent = endpoint('POST', '/api/payments/create-intent', intentReplySchema);
const createSpecialtyIntent = endpoint('POST', '/api/payments/create-specialty-intent', intentReplySchema);
const confirmPayment = endpoint('POST', '/api/payments/confirm', confirmReplySchema);

export type CheckoutTarget =
  | { kind: 'appointment'; appointmentId: string; useWallet?: boolean }
  | { kind: 'specialty'; specialty: string; fee: number };

export function useCheckoutAppointment(appointmentId: string | null) {
  return useQuery({ ...appointmentQuery(appointmentId ?? ''), enabled: Boolean(appointmentId) });
}

const startSession = (target: CheckoutTarget) =>
  target.kind === 'appointment'
    ? createIntent.send({ body: { appointmentId: target.appointmentId, useWallet: target.useWallet ?? false } })
    : createSpecialtyIntent.send({ body: { specialty: target.specialty, amount: target.fee } });

export type CheckoutIntent = PaymentSession<IntentReply>;

/**
 * The payment session for the checkout's current target, made once per target. Once `paid`, no
 * session is asked for again: the wallet's new balance changes the target, and asking for that one
 * would be refused with 409 "already paid".
 */
export function useCheckoutIntent(target: CheckoutTarget, paid: boolean): CheckoutIntent {
  return usePaymentSession(paid ? null : JSON.stringify(target), () => startSession(target));
}

export function useConfirmPayment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (paymentIntentId: string) => confirmPayment.send({ body: { paymentIntentId } }),
    onSuccess: () => {
      // A paid appointment is confirmed: it shows as such everywhere and may now be joined.
      for (const queryKey of [...APPOINTMENT_VIEW_KEYS, queryKeys.wallet]) {
        void client.invalidateQueries({ queryKey });
      }
    },
  });
}

export function useWalletBalance(enabled: boolean) {
  return useQuery({ ...walletQuery, enabled });
}

/** The wallet covers the whole fee: the server confirms the appointment in this one request. */
export function usePayFromWallet() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (appointmentId: string) => createIntent.send({ body: { appointmentId, useWallet: true } }),
    onSuccess: () => {
      for (const queryKey of [...APPOINTMENT_VIEW_KEYS, queryKeys.wallet]) void client.invalidateQueries({ queryKey });
    },
  });
}
