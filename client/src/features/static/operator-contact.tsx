import { useQuery } from '@tanstack/react-query';
import { Building2, Mail, MapPin, Phone } from 'lucide-react';
import type { Operator } from '@common/schemas/meta';
import { textsFor } from '../../lib/i18n/areas';
import { appConfigQuery } from '../../lib/shared-api';
import { Skeleton } from '../../ui/spinner';

const useT = textsFor('legal');

/** A number as dialled: "+353 1 234 5678" → "tel:+35312345678". */
const telHref = (phone: string) => `tel:${phone.replace(/[^+\d]/g, '')}`;

/**
 * The operator's contact block, from the server's configuration (OPERATOR_*): never a template
 * placeholder. A detail the operator has not published is left out, and said to be.
 */
export function OperatorContact() {
  const t = useT();
  const config = useQuery(appConfigQuery);
  if (config.isPending) {
    return (
      <div className="mt-4 flex flex-col gap-2 rounded-xl border border-line bg-white p-4 sm:p-5" aria-hidden>
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-4 w-2/3" />
      </div>
    );
  }
  if (config.isError) {
    return <p className="mt-4 text-sm text-muted">{t('legal.operator.loadFailed')}</p>;
  }
  return <OperatorAddress operator={config.data.operator} demoMode={config.data.demoMode} />;
}

export function OperatorAddress({ operator, demoMode }: { operator: Operator; demoMode: boolean }) {
  const t = useT();
  const { legalName, address, email, phone } = operator;
  const missing = !address && !email && !phone;
  return (
    <>
      <address className="mt-4 space-y-3 rounded-xl border border-line bg-white p-4 not-italic sm:p-5">
        <p className="flex items-start gap-3">
          <Building2 className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden />
          <span>
            <span className="sr-only">{t('legal.operator.operator')} </span>
            <span className="font-medium text-ink">{legalName || t('legal.operator.unnamed')}</span>
          </span>
        </p>
        {email && (
          <p className="flex items-start gap-3">
            <Mail className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden />
            <span>
              <span className="sr-only">{t('legal.operator.email')} </span>
              <a href={`mailto:${email}`} dir="ltr" className="break-all text-brand-700 hover:underline">
                {email}
              </a>
            </span>
          </p>
        )}
        {phone && (
          <p className="flex items-start gap-3">
            <Phone className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden />
            <span>
              <span className="sr-only">{t('legal.operator.phone')} </span>
              <a href={telHref(phone)} dir="ltr" className="text-brand-700 hover:underline">
                {phone}
              </a>
            </span>
          </p>
        )}
        {address && (
          <p className="flex items-start gap-3 text-muted">
            <MapPin className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden />
            <span className="whitespace-pre-line">
              <span className="sr-only">{t('legal.operator.address')} </span>
              {address}
            </span>
          </p>
        )}
      </address>
      {missing && (
        <p className="mt-3 text-sm text-muted">
          {demoMode ? t('legal.operator.demo') : t('legal.operator.unpublished')}
        </p>
      )}
    </>
  );
}
