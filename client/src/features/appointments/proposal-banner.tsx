import { CalendarClock } from 'lucide-react';
import { useState } from 'react';
import { localTimeZone, whenText } from '@common/rules/display-time';
import type { Appointment } from '@common/schemas/appointments';
import type { Proposal } from '@common/schemas/reschedule';
import { errorMessage } from '../../lib/api';
import { Button } from '../../ui/button';
import { toast } from '../../ui/toast-store';
import { useAnswerProposal, useProposals } from './api';

/** The doctors' proposed new times, each with Accept and Decline, above the patient's appointments. */
export function ProposalBanner({ appointments }: { appointments: Appointment[] }) {
  const { data } = useProposals();
  const byId = new Map(appointments.map((a) => [a.id, a]));
  const open = (data ?? []).flatMap((p) => {
    const a = byId.get(p.appointmentId);
    return a ? [{ p, a }] : [];
  });
  if (open.length === 0) return null;
  return (
    <section aria-label="Proposed new times" className="flex flex-col gap-3">
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
  const send = (choice: 'accept' | 'decline') => {
    setProblem(null);
    answer.mutate(
      { appointmentId: a.id, answer: choice },
      {
        onSuccess: (moved) =>
          toast(
            choice === 'accept'
              ? {
                  title: 'Appointment Rescheduled',
                  description: `Your appointment is now on ${whenText(moved.startsAt, here, moved.timeZone)}.`,
                  variant: 'success',
                }
              : { title: 'Proposal Declined', description: 'Your appointment keeps its time.' },
          ),
        // After a 409 the refreshed list no longer holds the proposal, so its banner goes: the toast keeps the reason.
        onError: (error) => {
          const message = errorMessage(error, 'Your answer could not be sent. Please try again.');
          setProblem(message);
          toast({ title: 'Could not answer', description: message, variant: 'destructive' });
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
        Dr. {a.doctor.user.firstName} {a.doctor.user.lastName} proposes to move your {a.consultationType} consultation
        from <span className="font-medium">{whenText(a.startsAt, here, a.timeZone)}</span> to{' '}
        <span className="font-medium">{whenText(p.startsAt, here, p.timeZone)}</span>.
        {problem && (
          <span role="alert" className="mt-1 block text-danger">
            {problem}
          </span>
        )}
      </p>
      <div className="flex shrink-0 gap-2">
        <Button size="sm" onClick={() => send('accept')} disabled={answer.isPending}>
          Accept
        </Button>
        <Button variant="outline" size="sm" onClick={() => send('decline')} disabled={answer.isPending}>
          Decline
        </Button>
      </div>
    </div>
  );
}
