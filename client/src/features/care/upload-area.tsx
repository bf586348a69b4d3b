import { Camera, Upload } from 'lucide-react';
import { useId, useState, type DragEvent } from 'react';
import { errorMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import { textsFor } from '../../lib/i18n/areas';
import { buttonClass } from '../../ui/button-class';
import { Input, Label, Select } from '../../ui/input';
import { memberName, useFamilyMembers } from '../../lib/family-members';
import { useUploadDocument } from './api';

const useT = textsFor('my-documents');

/** What the server keeps (it reads the type from the bytes; HEIC becomes a JPEG, decision 081). */
const ACCEPT = 'application/pdf,image/jpeg,image/png,image/heic';

/**
 * Upload by dropping a file on the area, by choosing one, or (on a phone) by taking a photo. The
 * server judges the file; its refusal (too large, not what it says, the 200 MB full) is shown in
 * its own words.
 */
export function UploadArea() {
  const t = useT();
  const id = useId();
  const upload = useUploadDocument();
  const [title, setTitle] = useState('');
  // '' files it in the patient's own record; a member's id in theirs (issue 42).
  const [whose, setWhose] = useState('');
  const members = useFamilyMembers().data ?? [];
  const [dragging, setDragging] = useState(false);
  const [done, setDone] = useState('');

  const send = (file: File | undefined) => {
    if (!file || upload.isPending) return;
    setDone('');
    upload.mutate(
      { file, title: title.trim() || undefined, familyMemberId: whose || undefined },
      {
        onSuccess: (document) => {
          setTitle('');
          setDone(t('my-documents.upload.done', { title: document.title }));
        },
      },
    );
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    send(event.dataTransfer.files[0]);
  };

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-title`}>{t('my-documents.upload.titleLabel')}</Label>
        <Input
          id={`${id}-title`}
          value={title}
          maxLength={200}
          onChange={(e) => setTitle(e.target.value)}
          aria-describedby={`${id}-title-hint`}
        />
        <p id={`${id}-title-hint`} className="text-xs text-muted">
          {t('my-documents.upload.titleHint')}
        </p>
      </div>
      {members.length > 0 && (
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-whose`}>{t('my-documents.upload.whose')}</Label>
          <Select id={`${id}-whose`} value={whose} onChange={(e) => setWhose(e.target.value)}>
            <option value="">{t('my-documents.upload.mine')}</option>
            {members.map((m) => (
              <option key={m.id} value={m.id}>
                {memberName(m)}
              </option>
            ))}
          </Select>
        </div>
      )}
      <div
        data-testid="drop-area"
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          'flex flex-col items-center gap-3 rounded-xl border-2 border-dashed px-4 py-8 text-center',
          dragging ? 'border-brand-600 bg-brand-50' : 'border-line bg-surface',
        )}
      >
        <Upload className="h-8 w-8 text-slate-400" aria-hidden />
        <p className="text-sm text-ink">{t('my-documents.upload.drop')}</p>
        <div className="flex flex-col gap-2 sm:flex-row">
          <label className={cn(buttonClass('primary'), 'focus-within:ring-2 focus-within:ring-brand-300')}>
            {upload.isPending ? t('my-documents.upload.uploading') : t('my-documents.upload.choose')}
            <input
              type="file"
              accept={ACCEPT}
              className="sr-only"
              disabled={upload.isPending}
              onChange={(e) => {
                send(e.target.files?.[0]);
                e.target.value = '';
              }}
            />
          </label>
          {/* A phone opens its camera for this one; wider screens have no camera button to offer. */}
          <label className={cn(buttonClass('outline'), 'focus-within:ring-2 focus-within:ring-brand-300 md:hidden')}>
            <Camera className="h-4 w-4" aria-hidden /> {t('my-documents.upload.photo')}
            <input
              type="file"
              accept="image/jpeg,image/png,image/heic"
              capture="environment"
              className="sr-only"
              disabled={upload.isPending}
              onChange={(e) => {
                send(e.target.files?.[0]);
                e.target.value = '';
              }}
            />
          </label>
        </div>
        <p className="text-xs text-muted">{t('my-documents.upload.rules')}</p>
      </div>
      <div role="status" aria-live="polite" className="text-sm text-green-800">
        {upload.isPending ? t('my-documents.upload.uploading') : done}
      </div>
      {upload.isError && (
        <p role="alert" className="text-sm text-danger">
          {errorMessage(upload.error, t('my-documents.upload.failed'))}
        </p>
      )}
    </div>
  );
}
