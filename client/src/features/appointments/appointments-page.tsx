import { CalendarX } from 'lucide-react';
import { Link } from 'react-router';
import type { Appointment } from '@common/schemas/appointments';
import { usePatientAppointments } from '../../lib/patient-appointments';
import { useNow } from '../../lib/use-now';
import { buttonClass } from '../../ui/button-class';
import { Container, EmptyState, PageHeader } from '../../ui/page';
import { Skeleton } from '../../ui/spinner';
import { AppointmentCard } from './appointment-card';
import { ProposalBanner } from './proposal-banner';
import { groupAppointments } from './rules';

/** The patient's appointments: upcoming first, then past ones. */
export function AppointmentsPage() {
  const { data, isPending, isError, refetch } = usePatientAppointments();
  const now = useNow();
  const { upcoming, past } = groupAppointments(data ?? [], now);
  return (
    <Container className="flex max-w-4xl flex-col gap-6 pb-12">
      <PageHeader title="My Appointments" subtitle="Manage your upcoming and past consultations" />
      {isPending ? (
        <div className="flex flex-col gap-4" aria-busy="true" aria-label="Loading appointments">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-48 w-full rounded-xl" />
          ))}
        </div>
      ) : isError ? (
        <EmptyState title="Your appointments could not be loaded.">
          <button type="button" className={buttonClass('outline')} onClick={() => void refetch()}>
            Try again
          </button>
        </EmptyState>
      ) : data.length === 0 ? (
        <EmptyState icon={<CalendarX className="h-10 w-10" aria-hidden />} title="No appointments yet">
          <Link to="/doctors" className={buttonClass('primary')}>
            Find Doctors
          </Link>
        </EmptyState>
      ) : (
        <>
          <ProposalBanner appointments={data} />
          {upcoming.length > 0 && <Section title="Upcoming" list={upcoming} now={now} />}
          {past.length > 0 && <Section title="Past and cancelled" list={past} now={now} />}
        </>
      )}
    </Container>
  );
}

function Section({ title, list, now }: { title: string; list: Appointment[]; now: Date }) {
  const id = `section-${title.replace(/\W+/g, '-').toLowerCase()}`;
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
