import { ClipboardPen, FileText, Send } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { ClientMessageKey } from '@common/i18n/keys';
import {
  ADVICE_MAX_LENGTH,
  DIAGNOSIS_MAX_LENGTH,
  FOLLOW_UP_MAX_DAYS,
  FOLLOW_UP_MIN_DAYS,
  PRIVATE_NOTES_MAX_LENGTH,
  type VisitNotes,
} from '@common/schemas/visit-notes';
import { ApiError, errorMessage } from '../../lib/api';
import { textsFor } from '../../lib/i18n/areas';
import type { Translate } from '../../lib/i18n/use-t';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { Field, Input, Textarea } from '../../ui/input';
import { Skeleton } from '../../ui/spinner';
import { toast } from '../../ui/toast-store';
import { useWhen } from '../../lib/i18n/use-when';
import { useSaveVisitNotes, useVisitNotes } from './visit-notes-api';

const useT = textsFor('notes', 'room');

type Draft = { privateNotes: string; diagnosis: string; advice: string; followUpDays: string };

const draftOf = (n: VisitNotes): Draft => ({
  privateNotes: n.privateNotes,
  diagnosis: n.diagnosis,
  advice: n.advice,
  followUpDays: n.followUpDays === null ? '' : String(n.followUpDays),
});

// Typed text takes its own direction; an empty field keeps the page's, so its placeholder stays put.
const textDir = (value: string) => (value ? 'auto' : undefined);

const counter = (t: Translate, value: string, max: number) => t('notes.counter', { count: value.length, max });

/** The follow-up field as the server takes it, or the message to show (a key). */
function parseFollowUp(value: string): { days: number | null } | { error: ClientMessageKey } {
  const trimmed = value.trim();
  if (!trimmed) return { days: null };
  const days = Number(trimmed);
  if (!/^\d+$/.test(trimmed) || days < FOLLOW_UP_MIN_DAYS || days > FOLLOW_UP_MAX_DAYS) {
    return { error: 'notes.followUpError' };
  }
  return { days };
}

/**
 * The doctor's visit notes for one appointment: private notes and the summary the patient sees
 * once shared. What is typed stays in the form whatever the server answers, so a failed save
 * loses nothing and can be retried.
 */
export function VisitNotesPanel({ appointmentId }: { appointmentId: string }) {
  const t = useT();
  const notes = useVisitNotes(appointmentId);
  if (notes.isPending) {
    return (
      <Card className="p-5">
        <Skeleton className="h-6 w-40" />
        <Skeleton className="mt-4 h-40 w-full" />
      </Card>
    );
  }
  if (notes.isError) {
    return (
      <Card className="p-5">
        <p role="alert" className="text-sm text-danger">
          {errorMessage(notes.error, t('notes.loadFailed'))}
        </p>
        <Button variant="outline" size="sm" className="mt-3" onClick={() => void notes.refetch()}>
          {t('notes.tryAgain')}
        </Button>
      </Card>
    );
  }
  return <VisitNotesForm notes={notes.data} />;
}

function VisitNotesForm({ notes }: { notes: VisitNotes }) {
  const t = useT();
  const time = useWhen();
  const save = useSaveVisitNotes(notes.appointment.id);
  const [draft, setDraft] = useState<Draft>(() => draftOf(notes));
  const [saved, setSaved] = useState<Draft>(() => draftOf(notes));
  const [fields, setFields] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string>();
  const shared = notes.sharedAt !== null;
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved);
  const writable = notes.appointment.writable;

  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  const submit = (share: boolean) => {
    const followUp = parseFollowUp(draft.followUpDays);
    if ('error' in followUp)
      return setFields({
        followUpDays: t(followUp.error, { min: FOLLOW_UP_MIN_DAYS, max: FOLLOW_UP_MAX_DAYS }),
      });
    if ((share || shared) && !draft.diagnosis.trim() && !draft.advice.trim()) {
      return setFields({ diagnosis: t('notes.needSummary') });
    }
    setFields({});
    setFailure(undefined);
    const sent = draft;
    save.mutate(
      {
        privateNotes: sent.privateNotes,
        diagnosis: sent.diagnosis,
        advice: sent.advice,
        followUpDays: followUp.days,
        share,
      },
      {
        onSuccess: (result) => {
          toast({
            title: t(share && !shared ? 'notes.toast.shared' : 'notes.toast.saved'),
            description: share && !shared ? t('notes.toast.sharedBody') : undefined,
            variant: 'success',
          });
          // The server trims; show what it kept only where the doctor has not typed since.
          setDraft((current) => (current === sent ? draftOf(result) : current));
          setSaved(draftOf(result));
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fields) setFields(error.fields);
          setFailure(errorMessage(error, t('notes.unreachable')));
        },
      },
    );
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit(false);
  };

  return (
    <Card data-testid="visit-notes-panel">
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle className="flex items-center gap-2">
            <ClipboardPen className="h-5 w-5 text-brand-700" aria-hidden /> {t('notes.heading')}
          </CardTitle>
          {shared ? (
            <Badge variant="success">{t('notes.badge.shared')}</Badge>
          ) : (
            <Badge variant="secondary">{t('notes.badge.draft')}</Badge>
          )}
        </div>
        <CardDescription>
          {shared
            ? t('notes.sharedOn', { date: time.longDate(notes.sharedAt!), time: time.slotTime(notes.sharedAt!) })
            : t('notes.draftNote')}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {!writable && (
          <p className="mb-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">{t('notes.notWritable')}</p>
        )}
        <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-4">
          <fieldset disabled={!writable} className="flex flex-col gap-4">
            <Field
              label={t('notes.private.label')}
              hint={t('notes.private.hint', { counter: counter(t, draft.privateNotes, PRIVATE_NOTES_MAX_LENGTH) })}
              error={fields.privateNotes}
            >
              {(p) => (
                <Textarea
                  {...p}
                  dir={textDir(draft.privateNotes)}
                  maxLength={PRIVATE_NOTES_MAX_LENGTH}
                  value={draft.privateNotes}
                  onChange={(e) => set({ privateNotes: e.target.value })}
                  className="bg-slate-50"
                />
              )}
            </Field>
            <div className="flex items-center gap-2 border-t border-line pt-4 text-sm font-semibold text-ink">
              <FileText className="h-4 w-4 text-muted" aria-hidden /> {t('notes.summaryHeading')}
            </div>
            <Field
              label={t('notes.diagnosis.label')}
              hint={counter(t, draft.diagnosis, DIAGNOSIS_MAX_LENGTH)}
              error={fields.diagnosis}
            >
              {(p) => (
                <Textarea
                  {...p}
                  dir={textDir(draft.diagnosis)}
                  maxLength={DIAGNOSIS_MAX_LENGTH}
                  value={draft.diagnosis}
                  onChange={(e) => set({ diagnosis: e.target.value })}
                  placeholder={t('notes.diagnosis.placeholder')}
                />
              )}
            </Field>
            <Field
              label={t('notes.advice.label')}
              hint={counter(t, draft.advice, ADVICE_MAX_LENGTH)}
              error={fields.advice}
            >
              {(p) => (
                <Textarea
                  {...p}
                  dir={textDir(draft.advice)}
                  maxLength={ADVICE_MAX_LENGTH}
                  value={draft.advice}
                  onChange={(e) => set({ advice: e.target.value })}
                  placeholder={t('notes.advice.placeholder')}
                />
              )}
            </Field>
            <Field
              label={t('notes.followUp.label')}
              hint={t('notes.followUp.hint', { min: FOLLOW_UP_MIN_DAYS, max: FOLLOW_UP_MAX_DAYS })}
              error={fields.followUpDays}
            >
              {(p) => (
                <Input
                  {...p}
                  inputMode="numeric"
                  className="w-32"
                  value={draft.followUpDays}
                  onChange={(e) => set({ followUpDays: e.target.value })}
                />
              )}
            </Field>
          </fieldset>
          {failure && (
            <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
              <p className="font-medium">{t('notes.failed', { reason: failure })}</p>
              <p>{t('notes.failedKeep')}</p>
            </div>
          )}
          {writable && (
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-end">
              <span className="text-xs text-muted sm:me-auto" aria-live="polite">
                {save.isPending
                  ? t('notes.saving')
                  : dirty
                    ? t('notes.unsaved')
                    : notes.updatedAt
                      ? t('notes.allSaved')
                      : ''}
              </span>
              <Button type="submit" variant="outline" disabled={save.isPending}>
                {t(failure ? 'notes.retrySave' : shared ? 'notes.saveChanges' : 'notes.saveDraft')}
              </Button>
              {!shared && (
                <Button type="button" disabled={save.isPending} onClick={() => submit(true)}>
                  <Send className="h-4 w-4 rtl:-scale-x-100" aria-hidden /> {t('notes.share')}
                </Button>
              )}
            </div>
          )}
        </form>
      </CardContent>
    </Card>
  );
}
