import { Check, FileText, ShieldCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { DEFAULT_REPORT_TIER, REPORT_ACCESS_DAYS } from '@common/constants/outbreak';
import { errorMessage } from '../../lib/api';
import { textsFor } from '../../lib/i18n/areas';
import { useFormats } from '../../lib/i18n/use-formats';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { Container } from '../../ui/page';
import { PaymentStep } from '../../ui/payment/payment-step';
import { toast } from '../../ui/toast-store';
import { useConfirmReport, useOutbreakStatistics, useReportIntent } from './api';
import { OutOfDateConsent } from './out-of-date-consent';
import { offerFor, readTier } from './report-tiers';

const useT = textsFor('outbreak');

const RETURN_AFTER_MS = 2000;

/** Starts the browser's download of the bought file without leaving the page. */
function startDownload(url: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  document.body.append(link);
  link.click();
  link.remove();
}

/** Buying a PDF outbreak report: the tier from ?reportType (full by default), a card, then the download. */
export function OutbreakCheckoutPage() {
  const t = useT();
  const f = useFormats();
  const [params] = useSearchParams();
  const tier = readTier(params.get('reportType')) ?? DEFAULT_REPORT_TIER;
  const offer = offerFor(tier);
  const offerName = t(offer.name);
  const navigate = useNavigate();
  const [professional, setProfessional] = useState(false);
  const [acceptOld, setAcceptOld] = useState(false);
  const stats = useOutbreakStatistics();
  // Unknown age (statistics failed): the server still refuses out-of-date data without consent.
  const outOfDate = stats.data?.stale === true ? stats.data : null;
  const ready = professional && !stats.isPending && (!outOfDate || acceptOld);
  const intent = useReportIntent(tier, ready, acceptOld);
  const confirm = useConfirmReport();
  const amountLabel = f.money(intent.data?.amount ?? offer.price);

  useEffect(() => {
    if (!intent.isError) return;
    toast({
      title: t('outbreak.checkout.unavailable'),
      description: errorMessage(intent.error, t('outbreak.checkout.couldNotStart')),
      variant: 'destructive',
    });
    navigate('/outbreak', { replace: true });
  }, [intent.isError, intent.error, navigate, t]);

  const handlePaid = (paymentIntentId: string) =>
    confirm.mutateAsync(paymentIntentId, {
      onSuccess: ({ reportData }) => {
        toast({
          title: t('outbreak.checkout.success'),
          description: t('outbreak.checkout.successText', { name: offerName, days: REPORT_ACCESS_DAYS }),
          variant: 'success',
        });
        startDownload(reportData.downloadUrl);
        setTimeout(() => navigate('/outbreak'), RETURN_AFTER_MS);
      },
      onError: () =>
        toast({
          title: t('outbreak.checkout.processingError'),
          description: t('outbreak.checkout.processingErrorText'),
          variant: 'destructive',
        }),
    });

  const submitLabel = t('outbreak.checkout.submit', { amount: amountLabel });

  return (
    <Container className="max-w-5xl py-8 sm:py-12">
      <h1 className="mb-6 text-2xl font-bold tracking-tight text-ink sm:text-3xl">{t('outbreak.checkout.title')}</h1>
      <div className="grid gap-6 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <FileText className="h-5 w-5 text-brand-700" aria-hidden /> {t('outbreak.checkout.product')}
            </CardTitle>
            <CardDescription>{offerName}</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <div className="text-3xl font-bold text-ink">{f.money(offer.price)}</div>
            <ul className="flex flex-col gap-1.5 text-sm text-ink">
              {offer.features.map((feature) => (
                <li key={feature} className="flex items-start gap-2">
                  <Check className="mt-0.5 h-4 w-4 shrink-0 text-success" aria-hidden /> {t(feature)}
                </li>
              ))}
              <li className="flex items-start gap-2">
                <Check className="mt-0.5 h-4 w-4 shrink-0 text-success" aria-hidden />{' '}
                {t('outbreak.checkout.access', { days: REPORT_ACCESS_DAYS })}
              </li>
            </ul>
            <p className="rounded-lg bg-red-50 px-3 py-2 text-sm font-semibold text-red-800">
              {t('outbreak.checkout.professionalOnly')}
            </p>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>{t('outbreak.checkout.paymentDetails')}</CardTitle>
            <CardDescription>{t('outbreak.checkout.payBy', { amount: amountLabel })}</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-5">
            <label className="flex items-start gap-3 rounded-lg border border-line p-3 text-sm text-ink">
              <input
                type="checkbox"
                className="mt-0.5 h-4 w-4 accent-brand-700"
                checked={professional}
                disabled={professional && intent.isSuccess}
                onChange={(e) => setProfessional(e.target.checked)}
              />
              <span>{t('outbreak.checkout.confirmProfessional')}</span>
            </label>
            {outOfDate?.dataAsOf && (
              <OutOfDateConsent
                dataAsOf={outOfDate.dataAsOf}
                accepted={acceptOld}
                locked={acceptOld && intent.isSuccess}
                onChange={setAcceptOld}
              />
            )}
            {!professional ? (
              <p className="text-sm text-muted">{t('outbreak.checkout.pleaseConfirm')}</p>
            ) : outOfDate && !acceptOld ? (
              <p className="text-sm text-muted">{t('outbreak.checkout.pleaseAccept')}</p>
            ) : (
              <PaymentStep session={intent} amountLabel={amountLabel} submitLabel={submitLabel} onPaid={handlePaid} />
            )}
            <p className="flex items-center justify-center gap-1.5 text-xs text-muted">
              <ShieldCheck className="h-4 w-4 text-success" aria-hidden /> {t('outbreak.checkout.secure')}
            </p>
          </CardContent>
        </Card>
      </div>
    </Container>
  );
}
