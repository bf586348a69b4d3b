import { useId, useState, type KeyboardEvent } from 'react';
import { MESSAGE_MAX_LENGTH } from '@common/constants/care';
import type { Conversation, Message } from '@common/schemas/conversations';
import { errorMessage } from '../../lib/api';
import { textsFor } from '../../lib/i18n/areas';
import { useFormats } from '../../lib/i18n/use-formats';
import { Button } from '../../ui/button';
import { Label, Select, Textarea } from '../../ui/input';
import { useDocuments, useSendMessage } from './api';
import { PatientUpload } from './patient-upload';

const useT = textsFor('messages');

/**
 * Writing a message. Enter sends and Shift+Enter starts a new line (said under the field, so it is
 * no surprise); while an input method composes a word, Enter is the method's. The server counts
 * the text after trimming: 1–4,000 characters.
 */
export function Composer({
  conversation,
  viewer,
  onSent,
}: {
  conversation: Conversation;
  viewer: 'patient' | 'doctor';
  onSent: (message: Message) => void;
}) {
  const t = useT();
  const f = useFormats();
  const id = useId();
  const [body, setBody] = useState('');
  const [documentId, setDocumentId] = useState('');
  const send = useSendMessage(conversation.id);
  const documents = useDocuments();
  // The conversation's patient's documents: a patient's own, or those the patient shared with this doctor.
  const attachable = (documents.data?.documents ?? []).filter((d) => d.patientId === conversation.patient.id);
  const length = body.trim().length;
  const tooLong = length > MESSAGE_MAX_LENGTH;
  const canSend = length > 0 && !tooLong && !send.isPending;

  const submit = () => {
    if (!canSend) return;
    send.mutate(
      { body, documentIds: documentId ? [documentId] : undefined },
      {
        onSuccess: (message) => {
          onSent(message);
          setBody('');
          setDocumentId('');
        },
      },
    );
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  return (
    <form
      className="flex flex-col gap-2 border-t border-line pt-4"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Label htmlFor={`${id}-body`}>{t('messages.composer.label')}</Label>
      <Textarea
        id={`${id}-body`}
        value={body}
        onChange={(e) => setBody(e.target.value)}
        onKeyDown={onKeyDown}
        rows={3}
        dir="auto"
        aria-invalid={tooLong}
        aria-describedby={`${id}-hint ${id}-count`}
      />
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 text-xs">
        <p id={`${id}-hint`} className="text-muted">
          {t('messages.composer.hint')}
        </p>
        <p id={`${id}-count`} className={tooLong ? 'font-medium text-danger' : 'text-muted'}>
          {t('messages.composer.count', { count: f.number(length), max: f.number(MESSAGE_MAX_LENGTH) })}
        </p>
      </div>
      {tooLong && (
        <p role="alert" className="text-xs text-danger">
          {t('messages.composer.tooLong', { max: f.number(MESSAGE_MAX_LENGTH) })}
        </p>
      )}
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        {attachable.length > 0 && (
          <div className="flex min-w-0 flex-1 flex-col gap-1.5">
            <Label htmlFor={`${id}-attach`}>
              {t(viewer === 'patient' ? 'messages.composer.attach' : 'messages.composer.attachShared')}
            </Label>
            <Select id={`${id}-attach`} value={documentId} onChange={(e) => setDocumentId(e.target.value)}>
              <option value="">{t('messages.composer.noAttachment')}</option>
              {attachable.map((d) => (
                <option key={d.id} value={d.id}>
                  {d.title}
                </option>
              ))}
            </Select>
          </div>
        )}
        {viewer === 'doctor' && <PatientUpload patient={conversation.patient} onUploaded={setDocumentId} />}
        <Button type="submit" disabled={!canSend} className="sm:ms-auto">
          {send.isPending ? t('messages.composer.sending') : t('messages.composer.send')}
        </Button>
      </div>
      {send.isError && (
        <p role="alert" className="text-sm text-danger">
          {errorMessage(send.error, t('messages.composer.failed'))}
        </p>
      )}
    </form>
  );
}
