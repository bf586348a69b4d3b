import { CalendarClock } from 'lucide-react';
import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { localTimeZone } from '@common/rules/display-time';
import type { Appointment } from '@common/schemas/appointments';
import type { Proposal } from '@common/schemas/reschedule';
import { errorMessage } from '../../lib/api';
import { appointmentQuery } from '../../lib/patient-appointments';
import { doctorName } from '../../lib/doctor-display';
import { textsFor } from '../../lib/i18n/areas';
import { useIntlShape } from '../../lib/i18n/use-t';
import { Button } from '../../ui/button';
import { toast } from '../../ui/toast-store';
import { useAnswerProposal, useProposals } from './api';
import { useWhen } from '../../lib/i18n/use-when';

const useT = textsFor('appointments');

/** The doctors' proposed new times, each with Accept and Decline, above the patient's appointments. */
export function ProposalBanner({ appointments }: { appointments: Appointment[] }) {
  const { data } = useProposals();
  const t = useT();
  const byId = new Map(appointments.map((a) => [a.id, a]));
  // A proposal may be for a visit on a page not loaded yet: that visit is read on its own.
  const elsewhere = useQueries({
    queries: (data ?? []).filter((p) => !byId.has(p.appointmentId)).map((p) => appointmentQuery(p.appointmentId)),
  });
  for (const { data: a } of elsewhere) if (a) byId.set(a.id, a);
  const open = (data ?? []).flatMap((p) => {
    const a = byId.get(p.appointmentId);
    return a ? [{ p, a }] : [];
  });
  if (open.length === 0) return null;
  return (
    <section aria-label={t('appointments.proposal.label')} className="flex flex-col gap-3">
      {open.map(({ p, a }) => (
        <ProposalItem key={p.id} proposal={p} appointment={a} />
      ))}
    </section>
  );
}

function ProposalItem({ proposal: p, appointment: a }: { proposal: Proposal; appointment: Appointment }) {
  const answer = useAnswerProposal();
  const [problem, setProblem] = useState<string | null>(null);
  const here = localTimeZone();
  const t = useT();
  const time = useWhen();
  const intl = useIntlShape();
  const send = (choice: 'accept' | 'decline') => {
    setProblem(null);
    answer.mutate(
      { appointmentId: a.id, answer: choice },
      {
        onSuccess: (moved) =>
          toast(
            choice === 'accept'
              ? {
                  title: t('appointments.moved.title'),
                  description: t('appointments.moved.text', { when: time.when(moved.startsAt, here, moved.timeZone) }),
                  variant: 'success',
                }
              : { title: t('appointments.proposal.declined'), description: t('appointments.proposal.declinedText') },
          ),
        // After a 409 the refreshed list no longer holds the proposal, so its banner goes: the toast keeps the reason.
        onError: (error) => {
          const message = errorMessage(error, t('appointments.proposal.failedText'));
          setProblem(message);
          toast({ title: t('appointments.proposal.failed'), description: message, variant: 'destructive' });
        },
      },
    );
  };
  return (
    <div
      className="flex flex-col gap-3 rounded-xl border border-brand-200 bg-brand-50 p-4 sm:flex-row sm:items-center"
      data-testid="proposal-banner"
    >
      <CalendarClock className="hidden h-6 w-6 shrink-0 text-brand-700 sm:block" aria-hidden />
      <p className="min-w-0 flex-1 text-sm text-ink">
        {intl.formatMessage(
          { id: 'appointments.proposal.text' },
          {
            doctor: doctorName(a.doctor),
            type: a.consultationType === 'in-person' ? 'inPerson' : a.consultationType,
            from: time.when(a.startsAt, here, a.timeZone),
            to: time.when(p.startsAt, here, p.timeZone),
            b: (chunks) => <span className="font-medium">{chunks}</span>,
          },
        )}
        {problem && (
          <span role="alert" className="mt-1 block text-danger">
            {problem}
          </span>
        )}
      </p>
      <div className="flex shrink-0 gap-2">
        <Button size="sm" onClick={() => send('accept')} disabled={answer.isPending}>
          {t('appointments.proposal.accept')}
        </Button>
        <Button variant="outline" size="sm" onClick={() => send('decline')} disabled={answer.isPending}>
          {t('appointments.proposal.decline')}
        </Button>
      </div>
    </div>
  );
}
