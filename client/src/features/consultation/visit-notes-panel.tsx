import { ClipboardPen, FileText, Send } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { longDate, slotTime } from '@common/rules/display-time';
import {
  ADVICE_MAX_LENGTH,
  DIAGNOSIS_MAX_LENGTH,
  FOLLOW_UP_MAX_DAYS,
  FOLLOW_UP_MIN_DAYS,
  PRIVATE_NOTES_MAX_LENGTH,
  type VisitNotes,
} from '@common/schemas/visit-notes';
import { ApiError, errorMessage } from '../../lib/api';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { Field, Input, Textarea } from '../../ui/input';
import { Skeleton } from '../../ui/spinner';
import { toast } from '../../ui/toast-store';
import { useSaveVisitNotes, useVisitNotes } from './visit-notes-api';

type Draft = { privateNotes: string; diagnosis: string; advice: string; followUpDays: string };

const draftOf = (n: VisitNotes): Draft => ({
  privateNotes: n.privateNotes,
  diagnosis: n.diagnosis,
  advice: n.advice,
  followUpDays: n.followUpDays === null ? '' : String(n.followUpDays),
});

const counter = (value: string, max: number) =>
  `${value.length.toLocaleString('en-US')} / ${max.toLocaleString('en-US')} characters`;

/** The follow-up field as the server takes it, or the message to show. */
function parseFollowUp(value: string): { days: number | null } | { error: string } {
  const trimmed = value.trim();
  if (!trimmed) return { days: null };
  const days = Number(trimmed);
  if (!/^\d+$/.test(trimmed) || days < FOLLOW_UP_MIN_DAYS || days > FOLLOW_UP_MAX_DAYS) {
    return {
      error: `Enter a whole number of days from ${FOLLOW_UP_MIN_DAYS} to ${FOLLOW_UP_MAX_DAYS}, or leave it empty`,
    };
  }
  return { days };
}

/**
 * The doctor's visit notes for one appointment: private notes and the summary the patient sees
 * once shared. What is typed stays in the form whatever the server answers, so a failed save
 * loses nothing and can be retried.
 */
export function VisitNotesPanel({ appointmentId }: { appointmentId: string }) {
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
          {errorMessage(notes.error, 'Visit notes could not be loaded.')}
        </p>
        <Button variant="outline" size="sm" className="mt-3" onClick={() => void notes.refetch()}>
          Try again
        </Button>
      </Card>
    );
  }
  return <VisitNotesForm notes={notes.data} />;
}

function VisitNotesForm({ notes }: { notes: VisitNotes }) {
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
    if ('error' in followUp) return setFields({ followUpDays: followUp.error });
    if ((share || shared) && !draft.diagnosis.trim() && !draft.advice.trim()) {
      return setFields({ diagnosis: 'Write a diagnosis or advice before sharing the summary' });
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
            title: share && !shared ? 'Summary shared' : 'Visit notes saved',
            description: share && !shared ? 'Your patient can now read and download the summary.' : undefined,
            variant: 'success',
          });
          // The server trims; show what it kept only where the doctor has not typed since.
          setDraft((current) => (current === sent ? draftOf(result) : current));
          setSaved(draftOf(result));
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fields) setFields(error.fields);
          setFailure(errorMessage(error, 'The server could not be reached.'));
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
            <ClipboardPen className="h-5 w-5 text-brand-700" aria-hidden /> Visit notes
          </CardTitle>
          {shared ? <Badge variant="success">Shared with patient</Badge> : <Badge variant="secondary">Draft</Badge>}
        </div>
        <CardDescription>
          {shared
            ? `Shared on ${longDate(notes.sharedAt!)} at ${slotTime(notes.sharedAt!)}. Changes you save are shown to the patient.`
            : 'The summary stays a draft until you share it with the patient.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {!writable && (
          <p className="mb-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
            Notes can be written on the day of the consultation and after it is completed.
          </p>
        )}
        <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-4">
          <fieldset disabled={!writable} className="flex flex-col gap-4">
            <Field
              label="Private notes"
              hint={`Only you can see these. ${counter(draft.privateNotes, PRIVATE_NOTES_MAX_LENGTH)}`}
              error={fields.privateNotes}
            >
              {(p) => (
                <Textarea
                  {...p}
                  maxLength={PRIVATE_NOTES_MAX_LENGTH}
                  value={draft.privateNotes}
                  onChange={(e) => set({ privateNotes: e.target.value })}
                  className="bg-slate-50"
                />
              )}
            </Field>
            <div className="flex items-center gap-2 border-t border-line pt-4 text-sm font-semibold text-ink">
              <FileText className="h-4 w-4 text-muted" aria-hidden /> Summary for the patient
            </div>
            <Field
              label="Diagnosis, in plain words"
              hint={counter(draft.diagnosis, DIAGNOSIS_MAX_LENGTH)}
              error={fields.diagnosis}
            >
              {(p) => (
                <Textarea
                  {...p}
                  maxLength={DIAGNOSIS_MAX_LENGTH}
                  value={draft.diagnosis}
                  onChange={(e) => set({ diagnosis: e.target.value })}
                  placeholder="What you found, in words the patient understands"
                />
              )}
            </Field>
            <Field label="Advice" hint={counter(draft.advice, ADVICE_MAX_LENGTH)} error={fields.advice}>
              {(p) => (
                <Textarea
                  {...p}
                  maxLength={ADVICE_MAX_LENGTH}
                  value={draft.advice}
                  onChange={(e) => set({ advice: e.target.value })}
                  placeholder="Treatment, medicines, what to watch for"
                />
              )}
            </Field>
            <Field
              label="Follow-up in days (optional)"
              hint={`${FOLLOW_UP_MIN_DAYS}–${FOLLOW_UP_MAX_DAYS} days; the patient is offered a booking with you`}
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
              <p className="font-medium">Your notes were not saved: {failure}</p>
              <p>Your text is still here. Try again when you are ready.</p>
            </div>
          )}
          {writable && (
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-end">
              <span className="text-xs text-muted sm:mr-auto" aria-live="polite">
                {save.isPending ? 'Saving...' : dirty ? 'Unsaved changes' : notes.updatedAt ? 'All changes saved' : ''}
              </span>
              <Button type="submit" variant="outline" disabled={save.isPending}>
                {failure ? 'Retry save' : shared ? 'Save changes' : 'Save draft'}
              </Button>
              {!shared && (
                <Button type="button" disabled={save.isPending} onClick={() => submit(true)}>
                  <Send className="h-4 w-4" aria-hidden /> Share with patient
                </Button>
              )}
            </div>
          )}
        </form>
      </CardContent>
    </Card>
  );
}
