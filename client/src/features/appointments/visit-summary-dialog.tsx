import { useQuery } from '@tanstack/react-query';
import { CalendarPlus, Download, FileText } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { Link } from 'react-router';
import { localDateOf, localTimeZone, sameClock } from '@common/rules/display-time';
import type { Appointment } from '@common/schemas/appointments';
import { errorMessage } from '../../lib/api';
import { doctorName } from '../../lib/doctor-display';
import { textsFor } from '../../lib/i18n/areas';
import { Button } from '../../ui/button';
import { DialogActions, DialogFrame } from '../../ui/dialog-frame';
import { buttonClass } from '../../ui/button-class';
import { Skeleton } from '../../ui/spinner';
import { useWhen } from '../../lib/i18n/use-when';
import { sharedVisitSummariesQuery, visitSummaryQuery } from './api';

const useT = textsFor('appointments');

const DAY_MS = 86_400_000;

/** The day to offer for a follow-up: N days after the visit, or today when that has passed. */
export function followUpDate(startsAt: string, days: number, now = new Date()): string {
  return localDateOf(new Date(Math.max(Date.parse(startsAt) + days * DAY_MS, now.getTime())));
}

/** "Visit summary" on a completed appointment whose doctor has shared one. */
export function VisitSummaryButton({ appointment }: { appointment: Appointment }) {
  const shared = useQuery(sharedVisitSummariesQuery);
  const [open, setOpen] = useState(false);
  const t = useT();
  const time = useWhen();
  if (!shared.data?.some((s) => s.appointmentId === appointment.id)) return null;
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button size="sm" variant="outline">
          <FileText className="h-4 w-4" aria-hidden /> {t('appointments.summary.title')}
        </Button>
      </Dialog.Trigger>
      <DialogFrame
        title={t('appointments.summary.title')}
        size="md"
        description={t('appointments.summary.from', {
          doctor: doctorName(appointment.doctor),
          date: time.longDate(appointment.startsAt),
          time: time.clock(appointment.startsAt),
        })}
      >
        {open && <SummaryBody appointmentId={appointment.id} />}
      </DialogFrame>
    </Dialog.Root>
  );
}

function SummaryBody({ appointmentId }: { appointmentId: string }) {
  const summary = useQuery(visitSummaryQuery(appointmentId));
  const t = useT();
  const time = useWhen();
  if (summary.isPending) {
    return (
      <div className="mt-5 flex flex-col gap-3">
        <Skeleton className="h-5 w-32" />
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-16 w-full" />
      </div>
    );
  }
  if (summary.isError) {
    return (
      <p role="alert" className="mt-5 text-sm text-danger">
        {errorMessage(summary.error, t('appointments.summary.loadError'))}
      </p>
    );
  }
  const s = summary.data;
  const doctorZoneDiffers = !sameClock(s.startsAt, localTimeZone(), s.timeZone);
  return (
    <div className="mt-5 flex flex-col gap-5" data-testid="visit-summary">
      {doctorZoneDiffers && (
        <p className="text-xs text-muted">
          {t('appointments.summary.doctorTime', { time: time.clock(s.startsAt, s.timeZone) })}
        </p>
      )}
      <Section title={t('appointments.summary.diagnosis')} body={s.diagnosis} />
      <Section title={t('appointments.summary.advice')} body={s.advice} />
      {s.followUpDays && (
        <div className="flex flex-col gap-3 rounded-lg bg-brand-50 p-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm font-medium text-ink">
            {t('appointments.summary.followUp', { count: s.followUpDays })}
          </p>
          <Link
            to={`/book-appointment?doctorId=${s.doctor.id}&date=${followUpDate(s.startsAt, s.followUpDays)}`}
            className={buttonClass('primary', 'sm')}
          >
            <CalendarPlus className="h-4 w-4" aria-hidden /> {t('appointments.summary.book')}
          </Link>
        </div>
      )}
      <p className="text-xs text-muted">{t('shell.footer.notice')}</p>
      <DialogActions closeLabel={t('appointments.close')}>
        <a href={`/api/appointments/${s.appointmentId}/visit-summary.pdf`} download className={buttonClass('primary')}>
          <Download className="h-4 w-4" aria-hidden /> {t('appointments.summary.pdf')}
        </a>
      </DialogActions>
    </div>
  );
}

function Section({ title, body }: { title: string; body: string }) {
  if (!body) return null;
  return (
    <section>
      <h3 className="text-xs font-medium tracking-wide text-muted uppercase">{title}</h3>
      <p className="mt-1 break-words whitespace-pre-line text-ink">{body}</p>
    </section>
  );
}
