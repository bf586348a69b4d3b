import { CalendarX } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import type { Appointment } from '@common/schemas/appointments';
import { usePatientAppointments } from '../../lib/patient-appointments';
import { useNow } from '../../lib/use-now';
import { buttonClass } from '../../ui/button-class';
import { Container, EmptyState, PageHeader } from '../../ui/page';
import { Skeleton } from '../../ui/spinner';
import { textsFor } from '../../lib/i18n/areas';
import { InstallOffer } from './install-offer';
import { PushOffer } from './push-offer';
import { AppointmentCard } from './appointment-card';
import { WaitlistList } from './waitlist-list';
import { ProposalBanner } from './proposal-banner';
import { groupAppointments } from './rules';

const useT = textsFor('appointments');

/** The patient's appointments: upcoming first, then past ones. */
export function AppointmentsPage() {
  const { data, isPending, isError, refetch } = usePatientAppointments();
  const now = useNow();
  const { upcoming, past } = groupAppointments(data ?? [], now);
  const t = useT();
  const justBooked = (useLocation().state as { justBooked?: boolean } | null)?.justBooked === true;
  return (
    <Container className="flex max-w-4xl flex-col gap-6 pb-12">
      <PageHeader title={t('appointments.title')} subtitle={t('appointments.subtitle')} />
      {justBooked ? <PushOffer /> : null}
      {justBooked ? <InstallOffer /> : null}
      <WaitlistList />
      {isPending ? (
        <div className="flex flex-col gap-4" role="status" aria-busy="true" aria-label={t('appointments.loading')}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-48 w-full rounded-xl" />
          ))}
        </div>
      ) : isError ? (
        <EmptyState title={t('appointments.loadError')}>
          <button type="button" className={buttonClass('outline')} onClick={() => void refetch()}>
            {t('appointments.tryAgain')}
          </button>
        </EmptyState>
      ) : data.length === 0 ? (
        <EmptyState icon={<CalendarX className="h-10 w-10" aria-hidden />} title={t('appointments.empty')}>
          <Link to="/doctors" className={buttonClass('primary')}>
            {t('appointments.findDoctors')}
          </Link>
        </EmptyState>
      ) : (
        <>
          <ProposalBanner appointments={data} />
          {upcoming.length > 0 && (
            <Section id="section-upcoming" title={t('appointments.upcoming')} list={upcoming} now={now} />
          )}
          {past.length > 0 && (
            <Section id="section-past-and-cancelled" title={t('appointments.past')} list={past} now={now} />
          )}
        </>
      )}
    </Container>
  );
}

// The ids stay in English words whatever the language: they only tie each list to its heading.
function Section({ id, title, list, now }: { id: string; title: string; list: Appointment[]; now: Date }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="text-lg font-semibold text-ink">
        {title}
      </h2>
      <ul className="flex flex-col gap-4">
        {list.map((a) => (
          <li key={a.id}>
            <AppointmentCard appointment={a} now={now} />
          </li>
        ))}
      </ul>
    </section>
  );
}
