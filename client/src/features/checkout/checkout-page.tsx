import { ShieldCheck } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { localTimeZone } from '@common/rules/display-time';
import type { ConfirmReply } from '@common/schemas/payments';
import { isUnpaidHold } from '@common/rules/hold';
import { errorMessage } from '../../lib/api';
import { textsFor } from '../../lib/i18n/areas';
import { useFormats } from '../../lib/i18n/use-formats';
import { useWhen } from '../../lib/i18n/use-when';
import { useReleaseHold } from '../../lib/release-hold';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../ui/card';
import { ChangeWindowNotice } from '../../ui/change-window-notice';
import { HoldNotice } from '../../ui/hold-notice';
import { Container } from '../../ui/page';
import { toast } from '../../ui/toast-store';
import {
  useConfirmPayment,
  useCheckoutIntent,
  usePayFromWallet,
  useCheckoutAppointment,
  useWalletBalance,
  type CheckoutTarget,
} from './api';
import { CheckoutSummary } from './checkout-summary';
import { WalletOption } from './wallet-option';
import { PaymentStep } from '../../ui/payment/payment-step';
import { dollarsToCents } from '@common/rules/money';

function readTarget(params: URLSearchParams): CheckoutTarget | 'specialty-invalid' | null {
  const appointmentId = params.get('appointmentId');
  if (appointmentId) return { kind: 'appointment', appointmentId };
  const specialty = params.get('specialty');
  const fee = params.get('fee');
  if (!specialty && !fee) return null;
  // A specialty checkout needs both values; the fee is parsed as a number.
  const amount = Number(fee);
  if (!specialty || !fee || !Number.isFinite(amount) || amount <= 0) return 'specialty-invalid';
  return { kind: 'specialty', specialty, fee: amount };
}

const useT = textsFor('checkout');

/** The card payment page for an appointment or a specialty consultation. */
export function CheckoutPage() {
  const [params] = useSearchParams();
  const parsed = useMemo(() => readTarget(params), [params]);
  if (parsed === null) return <Navigate to="/find-doctors" replace />;
  if (parsed === 'specialty-invalid') return <Navigate to="/specialties" replace />;
  return <Checkout target={parsed} />;
}

function Checkout({ target: base }: { target: CheckoutTarget }) {
  const navigate = useNavigate();
  const t = useT();
  const format = useFormats();
  const when = useWhen();
  const appointmentId = base.kind === 'appointment' ? base.appointmentId : null;
  const appointment = useCheckoutAppointment(appointmentId);
  const wallet = useWalletBalance(appointmentId !== null);
  const payFromWallet = usePayFromWallet();
  const [applyWallet, setApplyWallet] = useState(false);
  const balance = wallet.data?.balance ?? 0;
  const fee = appointment.data?.fee ?? 0;
  const walletCoversAll = applyWallet && balance >= fee && fee > 0;
  // With the wallet applied the card is charged the rest; when the wallet pays it all there is no card intent.
  const target = useMemo<CheckoutTarget>(
    () => (base.kind === 'appointment' ? { ...base, useWallet: applyWallet && !walletCoversAll } : base),
    [base, applyWallet, walletCoversAll],
  );
  // Set once the money has moved: from then on the page only says so and leaves for My Appointments.
  const [paid, setPaid] = useState(false);
  const intent = useCheckoutIntent(target, paid);
  const confirm = useConfirmPayment();
  // A card payment under way holds the wallet and release buttons.
  const [processing, setProcessing] = useState(false);
  const release = useReleaseHold();
  const held = appointment.data && isUnpaidHold(appointment.data) ? appointment.data : null;

  useEffect(() => {
    if (!intent.isError || paid) return;
    toast({
      title: t('checkout.unavailable'),
      description: errorMessage(intent.error, t('checkout.unavailableText')),
      variant: 'destructive',
    });
    navigate(target.kind === 'specialty' ? '/specialties' : '/find-doctors', { replace: true });
  }, [intent.isError, intent.error, paid, navigate, target.kind, t]);

  const amount = intent.data?.amount ?? (target.kind === 'specialty' ? dollarsToCents(target.fee) : 0);
  const amountLabel = format.money(amount);

  const handleRelease = () =>
    release.mutate(appointmentId!, {
      onSuccess: () => {
        toast({ title: t('checkout.released'), description: t('checkout.releasedText'), variant: 'success' });
        navigate('/appointments');
      },
      onError: (e) =>
        toast({
          title: t('checkout.releaseFailed'),
          description: errorMessage(e, t('checkout.releaseFailedText')),
          variant: 'destructive',
        }),
    });

  const matchedText = (reply: ConfirmReply) => {
    const a = reply.appointment;
    return t('checkout.matched', {
      name: `Dr. ${a.doctor.user.firstName} ${a.doctor.user.lastName}`,
      when: when.when(a.startsAt, localTimeZone(), a.timeZone),
    });
  };

  const handlePaid = (paymentIntentId: string) =>
    confirm.mutateAsync(paymentIntentId, {
      onSuccess: (reply) => {
        setPaid(true);
        toast({
          title: t('checkout.paid'),
          description:
            reply.purpose === 'specialty'
              ? t('checkout.paidMatched', { matched: matchedText(reply) })
              : t('checkout.paidText'),
          variant: 'success',
        });
        // Only now, after a booking, is the person asked about reminders on this device.
        navigate('/appointments', { state: { justBooked: true } });
      },
      onError: () =>
        toast({
          title: t('checkout.confirmError'),
          description: t('checkout.confirmErrorText'),
          variant: 'destructive',
        }),
    });

  const handleWalletPay = () =>
    payFromWallet.mutate(appointmentId!, {
      onSuccess: () => {
        setPaid(true);
        toast({
          title: t('checkout.paid'),
          description: t('checkout.paidText'),
          variant: 'success',
        });
        navigate('/appointments', { state: { justBooked: true } });
      },
      onError: (e) =>
        toast({
          title: t('checkout.failed'),
          description: errorMessage(e, t('checkout.walletFailed')),
          variant: 'destructive',
        }),
    });

  const description =
    target.kind === 'specialty'
      ? t('checkout.specialtyDescription', { specialty: format.specialty(target.specialty), amount: amountLabel })
      : t('checkout.description', { amount: amountLabel });

  return (
    <Container className="max-w-xl py-8 sm:py-12">
      <Card>
        <CardHeader>
          <h1 className="text-2xl leading-tight font-semibold text-ink">{t('checkout.title')}</h1>
          {intent.data && <CardDescription className="text-base">{description}</CardDescription>}
        </CardHeader>
        <CardContent className="flex flex-col gap-5">
          {paid ? (
            <p role="status" className="py-6 text-center text-sm font-medium text-success">
              {t('checkout.paidText')}
            </p>
          ) : (
            <>
              {held && <HoldNotice createdAt={held.createdAt} slotHold={held.slotHold} />}
              {appointment.data && <ChangeWindowNotice startsAt={appointment.data.startsAt} />}
              <CheckoutSummary target={target} />
              {appointmentId && balance > 0 && fee > 0 && (
                <WalletOption
                  balance={balance}
                  fee={fee}
                  applied={applyWallet}
                  onApply={setApplyWallet}
                  onPayAll={handleWalletPay}
                  paying={payFromWallet.isPending || processing}
                />
              )}
              {!walletCoversAll && (
                <PaymentStep session={intent} amountLabel={amountLabel} onPaid={handlePaid} onBusy={setProcessing} />
              )}
              {held && (
                <div className="flex flex-col items-center gap-1 border-t border-line pt-4 text-center">
                  <p className="text-sm text-muted">{t('checkout.releaseHint')}</p>
                  <Button variant="ghost" size="sm" onClick={handleRelease} disabled={release.isPending || processing}>
                    {t(release.isPending ? 'checkout.releasing' : 'checkout.release')}
                  </Button>
                </div>
              )}
              <p className="flex items-center justify-center gap-1.5 text-xs text-muted">
                <ShieldCheck className="h-4 w-4 text-success" aria-hidden /> {t('checkout.secure')}
              </p>
            </>
          )}
        </CardContent>
      </Card>
    </Container>
  );
}
