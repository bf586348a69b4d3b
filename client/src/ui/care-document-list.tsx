import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { groupedCode } from '@common/constants/care-documents';
import type { CareDocument } from '@common/schemas/care-documents';
import { textsFor } from '../lib/i18n/areas';
import { useWhen } from '../lib/i18n/use-when';
import { Badge } from './badge';
import { buttonClass } from './button-class';
import { Skeleton } from './spinner';
import { careDocumentPdfUrl, careDocumentsQuery } from '../lib/care-documents-api';

const useT = textsFor('rx');

/**
 * A visit's prescriptions and certificates, newest first: kind, date, what it is about, whether it
 * stands, its code and its PDF. `action` adds a control per document (the doctor's Revoke).
 */
export function CareDocumentList({
  appointmentId,
  action,
}: {
  appointmentId: string;
  action?: (document: CareDocument) => React.ReactNode;
}) {
  const list = useQuery(careDocumentsQuery(appointmentId));
  const t = useT();
  const time = useWhen();
  if (list.isPending) return <Skeleton className="h-16 w-full" />;
  if (list.isError)
    return (
      <p role="alert" className="text-sm text-danger">
        {t('rx.loadError')}
      </p>
    );
  if (list.data.length === 0) return <p className="text-sm text-muted">{t('rx.empty')}</p>;
  return (
    <ul className="flex flex-col gap-3">
      {list.data.map((d) => {
        const kind = t(`rx.kind.${d.kind}`);
        const date = time.dayDate(d.issuedAt);
        return (
          <li key={d.id} className="rounded-lg border border-line p-3">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-medium text-ink">{kind}</span>
              <Badge variant={d.revokedAt ? 'destructive' : 'success'}>
                {t(d.revokedAt ? 'rx.revokedBadge' : 'rx.validBadge')}
              </Badge>
              <span className="text-sm text-muted">{t('rx.issuedOn', { date })}</span>
            </div>
            <p className="mt-1 text-sm break-words text-ink">{d.title}</p>
            {d.revokeReason && (
              <p className="mt-1 text-sm break-words text-danger">
                {t('rx.revokedReason', { reason: d.revokeReason })}
              </p>
            )}
            <p className="mt-1 font-mono text-xs break-all text-muted" dir="ltr">
              {t('rx.code', { code: groupedCode(d.code) })}
            </p>
            <div className="mt-2 flex flex-wrap gap-2">
              <a
                href={careDocumentPdfUrl(d.id)}
                download
                className={buttonClass('outline', 'sm')}
                aria-label={t('rx.downloadLabel', { kind, date })}
              >
                <Download className="h-4 w-4" aria-hidden /> {t('rx.download')}
              </a>
              {action?.(d)}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
