import { Eye, FolderOpen } from 'lucide-react';
import { useCurrentUser } from '../../lib/current-user';
import { memberName, useFamilyMembers } from '../../lib/family-members';
import { textsFor } from '../../lib/i18n/areas';
import { useWhen } from '../../lib/i18n/use-when';
import { useSeenDoctors } from '../../lib/patient-appointments';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { Container, EmptyState, PageHeader } from '../../ui/page';
import { Skeleton } from '../../ui/spinner';
import { useAccessLog, useDocuments } from './api';
import { DocumentRow } from './document-row';
import { useSize } from './size';
import { UploadArea } from './upload-area';

const useT = textsFor('my-documents');

/** The access log's word for document reads (the server's audit words, in English). */
const DOCUMENT_READS = 'Documents';

/**
 * Who opened the patient's documents. The access log names the reader and the moment, not which
 * document, so this is one list for all of them.
 */
function WhoOpened() {
  const t = useT();
  const when = useWhen();
  const log = useAccessLog();
  const reads = (log.data ?? []).filter((line) => line.what === DOCUMENT_READS);
  return (
    <Card role="region" aria-labelledby="documents-opened-title">
      <CardHeader>
        <CardTitle id="documents-opened-title" className="flex items-center gap-2">
          <Eye className="h-5 w-5 text-brand-700" aria-hidden /> {t('my-documents.opened.title')}
        </CardTitle>
        <CardDescription>{t('my-documents.opened.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {log.isPending ? (
          <Skeleton className="h-12 w-full" />
        ) : log.isError ? (
          <p role="alert" className="text-sm text-danger">
            {t('my-documents.opened.error')}
          </p>
        ) : reads.length === 0 ? (
          <p className="text-sm text-muted">{t('my-documents.opened.none')}</p>
        ) : (
          <ul className="divide-y divide-line">
            {reads.map((line) => (
              <li key={line.id} className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2 text-sm">
                <span className="font-medium text-ink">{line.name ?? t('my-documents.opened.staff')}</span>
                <span className="text-muted">
                  {t('my-documents.opened.when', { time: when.moment(line.lastReadAt), count: line.count })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

export function MyDocumentsPage() {
  const t = useT();
  const size = useSize();
  const { user } = useCurrentUser();
  const patient = user?.userType === 'patient';
  // Whose record each filed document is in, by the patient's live members (issue 42).
  const members = useFamilyMembers(patient).data ?? [];
  const filedUnder = (id: string | null) => {
    const member = id ? members.find((m) => m.id === id) : undefined;
    return member ? memberName(member) : null;
  };
  const documents = useDocuments();
  const seen = useSeenDoctors(patient);
  const doctors = (patient && seen.data) || [];
  const data = documents.data;
  return (
    <Container className="pb-12">
      <PageHeader
        title={t('my-documents.title')}
        subtitle={t(patient ? 'my-documents.subtitle.patient' : 'my-documents.subtitle.doctor')}
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="grid content-start gap-6">
          {patient && (
            <Card>
              <CardHeader>
                <CardTitle>{t('my-documents.upload.title')}</CardTitle>
              </CardHeader>
              <CardContent>
                <UploadArea />
              </CardContent>
            </Card>
          )}
          <section aria-labelledby="documents-heading" className="rounded-xl border border-line bg-white px-4 sm:px-6">
            <h2 id="documents-heading" className="pt-4 text-lg font-semibold text-ink">
              {t(patient ? 'my-documents.list.title' : 'my-documents.list.shared')}
            </h2>
            {documents.isPending ? (
              <div className="grid gap-2 py-4" role="status" aria-busy="true" aria-label={t('my-documents.loading')}>
                <Skeleton className="h-14 w-full" />
                <Skeleton className="h-14 w-full" />
              </div>
            ) : documents.isError ? (
              <div role="alert" className="flex flex-col items-start gap-3 py-4">
                <p className="text-sm text-danger">{t('my-documents.loadError')}</p>
                <Button variant="outline" size="sm" onClick={() => void documents.refetch()}>
                  {t('my-documents.retry')}
                </Button>
              </div>
            ) : data!.documents.length === 0 ? (
              <div className="py-4">
                <EmptyState icon={<FolderOpen className="h-8 w-8" aria-hidden />} title={t('my-documents.empty')} />
              </div>
            ) : (
              <ul className="divide-y divide-line">
                {data!.documents.map((d) => (
                  <DocumentRow
                    key={d.id}
                    document={d}
                    doctors={doctors}
                    owner={patient && d.patientId === user?.id}
                    memberName={filedUnder(d.familyMemberId)}
                  />
                ))}
              </ul>
            )}
          </section>
        </div>
        {patient && (
          <div className="grid content-start gap-6">
            {data && (
              <Card>
                <CardHeader>
                  <CardTitle>{t('my-documents.quota.title')}</CardTitle>
                </CardHeader>
                <CardContent className="grid gap-2">
                  <p className="text-sm text-ink">
                    {t('my-documents.quota.used', { used: size(data.usedBytes), quota: size(data.quotaBytes) })}
                  </p>
                  <div
                    role="progressbar"
                    aria-label={t('my-documents.quota.title')}
                    aria-valuemin={0}
                    aria-valuemax={data.quotaBytes}
                    aria-valuenow={data.usedBytes}
                    aria-valuetext={t('my-documents.quota.used', {
                      used: size(data.usedBytes),
                      quota: size(data.quotaBytes),
                    })}
                    className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
                  >
                    <div
                      className="h-full rounded-full bg-brand-700"
                      style={{
                        width: `${data.usedBytes === 0 ? 0 : Math.max(1, Math.min(100, (data.usedBytes / data.quotaBytes) * 100))}%`,
                      }}
                    />
                  </div>
                  <p className="text-xs text-muted">{t('my-documents.quota.rule')}</p>
                </CardContent>
              </Card>
            )}
            <WhoOpened />
          </div>
        )}
      </div>
    </Container>
  );
}
