import { useQuery } from '@tanstack/react-query';
import { CircleAlert, CircleCheck, CircleX } from 'lucide-react';
import { useParams } from 'react-router';
import { groupedCode, normalizedCode } from '@common/constants/care-documents';
import type { Verification } from '@common/schemas/care-documents';
import { ApiError } from '../../lib/api';
import { textsFor } from '../../lib/i18n/areas';
import { useWhen } from '../../lib/i18n/use-when';
import { Card, CardContent } from '../../ui/card';
import { Container, PageHeader } from '../../ui/page';
import { Skeleton } from '../../ui/spinner';
import { verificationQuery } from '../../lib/care-documents-api';

const useT = textsFor('rx');

/**
 * /verify/:code, for anyone (a pharmacist, an employer): whether a document stands, its kind, date
 * and issuer with licence. The server says nothing clinical, so neither can this page.
 */
export function VerifyPage() {
  const { code = '' } = useParams();
  const t = useT();
  const normalized = normalizedCode(code);
  return (
    <Container className="flex max-w-2xl flex-col gap-4 pb-12">
      <PageHeader title={t('rx.verify.title')} subtitle={t('rx.verify.intro')} />
      <p className="text-sm text-muted">
        {t('rx.verify.code')}:{' '}
        <span className="font-mono break-all text-ink" dir="ltr">
          {groupedCode(normalized)}
        </span>
      </p>
      <Result code={normalized} />
      <p className="text-xs text-muted">{t('rx.verify.offline')}</p>
    </Container>
  );
}

function Result({ code }: { code: string }) {
  const t = useT();
  const check = useQuery(verificationQuery(code));
  if (check.isPending) {
    return (
      <div aria-busy="true">
        <span className="sr-only">{t('rx.verify.checking')}</span>
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  if (check.isError) {
    const status = check.error instanceof ApiError ? check.error.status : 0;
    const key = status === 404 ? 'rx.verify.notFound' : status === 429 ? 'rx.verify.tooMany' : 'rx.verify.failed';
    return (
      <Card>
        <CardContent className="flex items-start gap-3 pt-6" role="status">
          <CircleAlert className="mt-0.5 h-6 w-6 shrink-0 text-danger" aria-hidden />
          <p className="text-ink">{t(key)}</p>
        </CardContent>
      </Card>
    );
  }
  return <Verdict v={check.data} />;
}

function Verdict({ v }: { v: Verification }) {
  const t = useT();
  const time = useWhen();
  const day = (d: string) => time.dayDate(`${d}T12:00:00Z`, 'UTC');
  const valid = v.status === 'valid';
  const rows: [string, string][] = [
    [t('rx.verify.kind'), t(`rx.kind.${v.kind}`)],
    [t('rx.verify.issuedOn'), day(v.issuedOn)],
    ...(v.revokedOn ? [[t('rx.verify.revokedOn'), day(v.revokedOn)] as [string, string]] : []),
    ...(v.supersededOn ? [[t('rx.verify.supersededOn'), day(v.supersededOn)] as [string, string]] : []),
    [t('rx.verify.issuer'), v.issuer.specialty ? `${v.issuer.name}, ${v.issuer.specialty}` : v.issuer.name],
    [t('rx.verify.licence'), v.issuer.licenseNumber || '—'],
    [t('rx.verify.keyId'), v.keyId],
  ];
  return (
    <Card>
      <CardContent className="flex flex-col gap-4 pt-6">
        <div role="status" className={`flex items-start gap-3 ${valid ? 'text-green-800' : 'text-danger'}`}>
          {valid ? (
            <CircleCheck className="mt-0.5 h-6 w-6 shrink-0" aria-hidden />
          ) : (
            <CircleX className="mt-0.5 h-6 w-6 shrink-0" aria-hidden />
          )}
          <p className="text-lg font-semibold">{t(`rx.verify.${v.status}`)}</p>
        </div>
        <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-medium text-muted">{label}</dt>
              <dd className="break-words text-ink">{value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
