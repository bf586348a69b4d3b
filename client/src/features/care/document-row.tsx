import { Download, FileText, Image, Trash2, X } from 'lucide-react';
import { useId, useState } from 'react';
import type { DocumentList } from '@common/schemas/documents';
import { errorMessage } from '../../lib/api';
import { textsFor } from '../../lib/i18n/areas';
import { useWhen } from '../../lib/i18n/use-when';
import { Button } from '../../ui/button';
import { buttonClass } from '../../ui/button-class';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Label, Select } from '../../ui/input';
import { documentDownloadPath, useDeleteDocument, useShareDocument, useUnshareDocument } from './api';
import { DocumentOpens } from './document-opens';
import { useNameOf } from './name';
import type { SeenDoctor } from '@common/schemas/appointment-pages';
import { useSize } from './size';

const useT = textsFor('my-documents', 'messages');

type Item = DocumentList['documents'][number];
const TYPE_LABEL = { 'application/pdf': 'PDF', 'image/jpeg': 'JPEG', 'image/png': 'PNG' } as const;

function Sharing({ document, doctors }: { document: Item; doctors: SeenDoctor[] }) {
  const t = useT();
  const id = useId();
  const nameOf = useNameOf();
  const share = useShareDocument();
  const unshare = useUnshareDocument();
  const [doctorId, setDoctorId] = useState('');
  const doctorName = (doctorId: string) => {
    const doctor = doctors.find((d) => d.doctorId === doctorId);
    return doctor ? nameOf({ ...doctor, isDoctor: true }) : t('my-documents.share.aDoctor');
  };
  const choices = doctors.filter((d) => !document.sharedWith.includes(d.doctorId));
  const failure = share.error ?? unshare.error;
  return (
    <div className="flex flex-col gap-2">
      {document.sharedWith.length === 0 ? (
        <p className="text-sm text-muted">{t('my-documents.share.none')}</p>
      ) : (
        <ul className="flex flex-wrap gap-2" aria-label={t('my-documents.share.listLabel', { title: document.title })}>
          {document.sharedWith.map((doctorId) => (
            <li
              key={doctorId}
              className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-1 ps-3 pe-1 text-sm"
            >
              {doctorName(doctorId)}
              <button
                type="button"
                className="inline-flex h-7 w-7 items-center justify-center rounded-full hover:bg-brand-100"
                aria-label={t('my-documents.share.stop', { name: doctorName(doctorId), title: document.title })}
                disabled={unshare.isPending}
                onClick={() => unshare.mutate({ id: document.id, doctorId })}
              >
                <X className="h-4 w-4" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
      {choices.length > 0 && (
        <form
          className="flex flex-col gap-2 sm:flex-row sm:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            if (doctorId) share.mutate({ id: document.id, doctorId }, { onSuccess: () => setDoctorId('') });
          }}
        >
          <div className="flex min-w-0 flex-1 flex-col gap-1.5">
            <Label htmlFor={`${id}-doctor`}>{t('my-documents.share.label', { title: document.title })}</Label>
            <Select id={`${id}-doctor`} value={doctorId} onChange={(e) => setDoctorId(e.target.value)}>
              <option value="">{t('my-documents.share.choose')}</option>
              {choices.map((d) => (
                <option key={d.doctorId} value={d.doctorId}>
                  {nameOf({ ...d, isDoctor: true })}
                </option>
              ))}
            </Select>
          </div>
          <Button type="submit" variant="secondary" disabled={!doctorId || share.isPending}>
            {t('my-documents.share.submit')}
          </Button>
        </form>
      )}
      {failure && (
        <p role="alert" className="text-sm text-danger">
          {errorMessage(failure, t('my-documents.share.failed'))}
        </p>
      )}
    </div>
  );
}

/** One document: what it is, its size and day, and what its patient can do with it. */
export function DocumentRow({
  document,
  doctors,
  owner,
  memberName = null,
}: {
  document: Item;
  doctors: SeenDoctor[];
  owner: boolean;
  /** The family member whose record it is filed in, by name; null for the patient's own. */
  memberName?: string | null;
}) {
  const t = useT();
  const when = useWhen();
  const size = useSize();
  const remove = useDeleteDocument();
  const [confirming, setConfirming] = useState(false);
  const Icon = document.contentType === 'application/pdf' ? FileText : Image;
  return (
    <li className="flex flex-col gap-3 py-4">
      <div className="flex flex-wrap items-start gap-3">
        <Icon className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden />
        <div className="min-w-0 flex-1">
          <h3 className="font-medium break-words text-ink" dir="auto">
            {document.title}
          </h3>
          {memberName && (
            <p className="text-sm font-medium text-brand-700">{t('my-documents.filedUnder', { name: memberName })}</p>
          )}
          <p className="text-sm text-muted">
            {t('my-documents.meta', {
              type: TYPE_LABEL[document.contentType],
              size: size(document.size),
              date: when.compactDate(document.createdAt),
            })}
          </p>
        </div>
        <div className="flex gap-2">
          <a
            href={documentDownloadPath(document.id)}
            download
            className={buttonClass('outline', 'sm')}
            aria-label={t('my-documents.download', { title: document.title })}
          >
            <Download className="h-4 w-4" aria-hidden /> {t('my-documents.downloadShort')}
          </a>
          {owner && (
            <Button
              variant="ghost"
              size="sm"
              aria-label={t('my-documents.delete.button', { title: document.title })}
              onClick={() => setConfirming(true)}
              disabled={remove.isPending}
            >
              <Trash2 className="h-4 w-4 text-danger" aria-hidden />
            </Button>
          )}
        </div>
      </div>
      {owner && <Sharing document={document} doctors={doctors} />}
      {owner && <DocumentOpens id={document.id} title={document.title} />}
      {remove.isError && (
        <p role="alert" className="text-sm text-danger">
          {errorMessage(remove.error, t('my-documents.delete.failed'))}
        </p>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('my-documents.delete.title', { title: document.title })}
        description={t('my-documents.delete.description')}
        confirmLabel={t('my-documents.delete.confirm')}
        onConfirm={() => remove.mutate(document.id)}
      />
    </li>
  );
}
