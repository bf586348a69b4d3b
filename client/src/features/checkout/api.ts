import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
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

const createIntent = (target: CheckoutTarget) =>
  target.kind === 'appointment'
    ? apiRequest<IntentReply>('POST', '/api/payments/create-intent', {
        appointmentId: target.appointmentId,
        useWallet: target.useWallet ?? false,
      })
    : apiRequest<IntentReply>('POST', '/api/payments/create-specialty-intent', {
        specialty: target.specialty,
        amount: target.fee,
      });

export type CheckoutIntent = { data?: IntentReply; error: unknown; isPending: boolean; isError: boolean };

/**
 * The payment session for the checkout's current target. Creating one changes the server, so it is
 * a mutation made once per target (a ref keeps a double mount to one request), never re-run by a
 * refetch. Once `paid`, no session is asked for again: the wallet's new balance changes the target,
 * and asking for that one would be refused with 409 "already paid".
 */
export function useCheckoutIntent(target: CheckoutTarget, paid: boolean): CheckoutIntent {
  const { mutateAsync } = useMutation({ mutationFn: createIntent });
  const key = JSON.stringify(target);
  const asked = useRef<string | null>(null);
  const [session, setSession] = useState<{ key: string; data?: IntentReply; error?: unknown } | null>(null);

  useEffect(() => {
    if (paid || asked.current === key) return;
    asked.current = key;
    // Only the answer for the target still shown counts; an earlier one that arrives late is dropped.
    const settle = (answer: { data?: IntentReply; error?: unknown }) => {
      if (asked.current === key) setSession({ key, ...answer });
    };
    mutateAsync(target).then(
      (data) => settle({ data }),
      (error: unknown) => settle({ error }),
    );
  }, [key, paid, target, mutateAsync]);

  const current = session?.key === key ? session : null;
  return {
    data: current?.data,
    error: current?.error ?? null,
    isPending: current === null,
    isError: current !== null && current.error !== undefined,
  };
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
