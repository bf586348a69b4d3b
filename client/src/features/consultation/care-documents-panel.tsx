import { useState, type FormEvent } from 'react';
import { CARE_DOCUMENT_KINDS, type CareDocumentKind } from '@common/constants/care-documents';
import type { CareDocument } from '@common/schemas/care-documents';
import { errorMessage } from '../../lib/api';
import { textsFor } from '../../lib/i18n/areas';
import { useWhen } from '../../lib/i18n/use-when';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { Field, Input, Select, Textarea } from '../../ui/input';
import { toast } from '../../ui/toast-store';
import { useIssueCareDocument, useRevokeCareDocument, type IssueInput } from '../../lib/care-documents-api';
import { CareDocumentList } from '../../ui/care-document-list';

const useT = textsFor('rx', 'fields');

/** The doctor's view of a visit's documents: issue one of each kind, revoke one with a reason. */
export function DoctorCareDocuments({ appointmentId }: { appointmentId: string }) {
  const t = useT();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('rx.section')}</CardTitle>
        <CardDescription>{t('rx.issue.intro')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <CareDocumentList
          appointmentId={appointmentId}
          action={(d) => (d.revokedAt ? null : <RevokeForm appointmentId={appointmentId} document={d} />)}
        />
        <IssueForm appointmentId={appointmentId} />
      </CardContent>
    </Card>
  );
}

const today = () => new Date().toLocaleDateString('en-CA');

function IssueForm({ appointmentId }: { appointmentId: string }) {
  const t = useT();
  const issue = useIssueCareDocument(appointmentId);
  const [kind, setKind] = useState<CareDocumentKind>('prescription');
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? '');
    const notes = value('notes');
    const input: IssueInput =
      kind === 'prescription'
        ? {
            kind,
            items: [
              {
                medication: value('medication'),
                dose: value('dose'),
                frequency: value('frequency'),
                durationDays: Number(value('durationDays')),
              },
            ],
            notes,
          }
        : kind === 'sick_note'
          ? { kind, from: value('from'), to: value('to'), notes }
          : { kind, to: value('referredTo'), reason: value('reason'), notes };
    const target = event.currentTarget;
    setError(null);
    issue.mutate(input, {
      onSuccess: () => {
        toast({ title: t('rx.issue.done'), variant: 'success' });
        target.reset();
      },
      onError: (e) => setError(errorMessage(e, t('rx.issue.failed'))),
    });
  }

  return (
    <form
      onSubmit={submit}
      className="flex flex-col gap-4 border-t border-line pt-4"
      aria-labelledby="rx-issue-heading"
    >
      <h3 id="rx-issue-heading" className="text-base font-semibold text-ink">
        {t('rx.issue.heading')}
      </h3>
      <Field label={t('rx.issue.kind')}>
        {(p) => (
          <Select {...p} value={kind} onChange={(e) => setKind(e.target.value as CareDocumentKind)}>
            {CARE_DOCUMENT_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`rx.kind.${k}`)}
              </option>
            ))}
          </Select>
        )}
      </Field>
      {kind === 'prescription' && (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t('rx.issue.medication')}>
            {(p) => <Input {...p} name="medication" required maxLength={200} />}
          </Field>
          <Field label={t('rx.issue.dose')}>{(p) => <Input {...p} name="dose" required maxLength={100} />}</Field>
          <Field label={t('rx.issue.frequency')}>
            {(p) => <Input {...p} name="frequency" required maxLength={100} />}
          </Field>
          <Field label={t('rx.issue.durationDays')}>
            {(p) => <Input {...p} name="durationDays" type="number" min={1} max={365} required inputMode="numeric" />}
          </Field>
        </div>
      )}
      {kind === 'sick_note' && (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t('rx.issue.from')}>
            {(p) => <Input {...p} name="from" type="date" required defaultValue={today()} />}
          </Field>
          <Field label={t('rx.issue.to')}>
            {(p) => <Input {...p} name="to" type="date" required defaultValue={today()} />}
          </Field>
        </div>
      )}
      {kind === 'referral' && (
        <>
          <Field label={t('rx.issue.referredTo')}>
            {(p) => <Input {...p} name="referredTo" required maxLength={200} />}
          </Field>
          <Field label={t('rx.issue.reason')}>
            {(p) => <Textarea {...p} name="reason" required maxLength={2000} />}
          </Field>
        </>
      )}
      <Field label={t('rx.issue.notes')}>{(p) => <Textarea {...p} name="notes" maxLength={2000} />}</Field>
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
      <div>
        <Button type="submit" disabled={issue.isPending}>
          {t('rx.issue.submit')}
        </Button>
      </div>
    </form>
  );
}

function RevokeForm({ appointmentId, document: d }: { appointmentId: string; document: CareDocument }) {
  const t = useT();
  const time = useWhen();
  const revoke = useRevokeCareDocument(appointmentId);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const kind = t(`rx.kind.${d.kind}`);
  const date = time.dayDate(d.issuedAt);
  if (!open) {
    return (
      <Button
        size="sm"
        variant="outline"
        onClick={() => setOpen(true)}
        aria-label={t('rx.revoke.buttonLabel', { kind, date })}
      >
        {t('rx.revoke.button')}
      </Button>
    );
  }
  return (
    <form
      className="flex w-full flex-col gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        setError(null);
        revoke.mutate(
          { id: d.id, reason },
          {
            onSuccess: () => toast({ title: t('rx.revoke.done'), variant: 'success' }),
            onError: (err) => setError(errorMessage(err, t('rx.revoke.failed'))),
          },
        );
      }}
    >
      <Field label={t('rx.revoke.reason')} error={error ?? undefined}>
        {(p) => <Textarea {...p} value={reason} onChange={(e) => setReason(e.target.value)} required maxLength={500} />}
      </Field>
      <div>
        <Button type="submit" size="sm" variant="destructive" disabled={revoke.isPending || !reason.trim()}>
          {t('rx.revoke.submit')}
        </Button>
      </div>
    </form>
  );
}
