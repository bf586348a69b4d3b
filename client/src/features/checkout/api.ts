import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Appointment } from '@common/schemas/appointments';
import type { ConfirmReply, IntentReply, PaymentConfig, SimulatedCardReply } from '@common/schemas/payments';
import type { CardInput } from '@common/rules/card';
import type { Wallet } from '@common/schemas/referrals';
import { apiRequest } from '../../lib/api';
import { APPOINTMENT_VIEW_KEYS, queryKeys } from '../../lib/query-keys';

export type CheckoutTarget =
  | { kind: 'appointment'; appointmentId: string; useWallet?: boolean }
  | { kind: 'specialty'; specialty: string; fee: number };

export function usePaymentConfig() {
  return useQuery<PaymentConfig>({ queryKey: queryKeys.payments.config });
}

export function useCheckoutAppointment(appointmentId: string | null) {
  return useQuery<Appointment>({
    queryKey: queryKeys.appointments.one(appointmentId ?? ''),
    enabled: Boolean(appointmentId),
  });
}

/**
 * The payment session. A query rather than a mutation so a double mount makes one
 * request; never cached, so a later visit starts a fresh session.
 */
export function usePaymentIntent(target: CheckoutTarget | null) {
  return useQuery<IntentReply>({
    queryKey: queryKeys.payments.intent(target),
    enabled: target !== null,
    gcTime: 0,
    queryFn: () =>
      target!.kind === 'appointment'
        ? apiRequest('POST', '/api/payments/create-intent', {
            appointmentId: target!.appointmentId,
            useWallet: target!.useWallet ?? false,
          })
        : apiRequest('POST', '/api/payments/create-specialty-intent', {
            specialty: target!.specialty,
            amount: target!.fee,
          }),
  });
}

export const payWithSimulatedCard = (clientSecret: string, card: CardInput) =>
  apiRequest<SimulatedCardReply>('POST', '/api/payments/simulated/confirm-card', { clientSecret, card });

export function useConfirmPayment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (paymentIntentId: string) =>
      apiRequest<ConfirmReply>('POST', '/api/payments/confirm', { paymentIntentId }),
    onSuccess: () => {
      // A paid appointment is confirmed: it shows as such everywhere and may now be joined.
      for (const queryKey of [...APPOINTMENT_VIEW_KEYS, queryKeys.wallet]) {
        void client.invalidateQueries({ queryKey });
      }
    },
  });
}

export function useWalletBalance(enabled: boolean) {
  return useQuery<Wallet>({ queryKey: queryKeys.wallet, enabled });
}

/** The wallet covers the whole fee: the server confirms the appointment in this one request. */
export function usePayFromWallet() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (appointmentId: string) =>
      apiRequest<IntentReply>('POST', '/api/payments/create-intent', { appointmentId, useWallet: true }),
    onSuccess: () => {
      for (const queryKey of [...APPOINTMENT_VIEW_KEYS, queryKeys.wallet]) void client.invalidateQueries({ queryKey });
    },
  });
}
