import { Upload } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import type { Conversation } from '@common/schemas/conversations';
import { errorMessage } from '../../lib/api';
import { textsFor } from '../../lib/i18n/areas';
import { Button } from '../../ui/button';
import { useUploadDocument } from './api';
import { useNameOf } from './name';

const useT = textsFor('messages');

/** What the server keeps (it reads the type from the bytes; decision 081). */
const ACCEPT = 'application/pdf,image/jpeg,image/png,image/heic';

/**
 * A doctor uploads a file to the conversation's patient: it becomes the patient's document, shared
 * with this doctor, and is attached to the message being written (`onUploaded`).
 */
export function PatientUpload({
  patient,
  onUploaded,
}: {
  patient: Conversation['patient'];
  onUploaded: (documentId: string) => void;
}) {
  const t = useT();
  const nameOf = useNameOf();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadDocument();
  const [done, setDone] = useState('');
  const label = t('messages.composer.upload', { name: nameOf({ ...patient, isDoctor: false }) });

  return (
    <div className="flex flex-col gap-1">
      <input
        ref={input}
        id={`${id}-file`}
        type="file"
        accept={ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-describedby={`${id}-hint`}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (!file) return;
          setDone('');
          upload.mutate(
            { file, patientId: patient.id },
            {
              onSuccess: (document) => {
                onUploaded(document.id);
                setDone(t('messages.composer.uploaded', { title: document.title }));
              },
            },
          );
        }}
      />
      <Button type="button" variant="outline" disabled={upload.isPending} onClick={() => input.current?.click()}>
        <Upload className="h-4 w-4" aria-hidden /> {upload.isPending ? t('messages.composer.uploading') : label}
      </Button>
      <p id={`${id}-hint`} className="text-xs text-muted">
        {t('messages.composer.uploadHint')}
      </p>
      <div aria-live="polite" className="text-xs">
        {done && <p className="text-success">{done}</p>}
        {upload.isError && (
          <p role="alert" className="text-danger">
            {errorMessage(upload.error, t('messages.composer.uploadFailed'))}
          </p>
        )}
      </div>
    </div>
  );
}
