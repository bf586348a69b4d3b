import { CalendarX } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import type { Appointment } from '@common/schemas/appointments';
import { useEffect, useRef } from 'react';
import { itemsOf, usePatientAppointments } from '../../lib/patient-appointments';
import { useNow } from '../../lib/use-now';
import { Button } from '../../ui/button';
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

/**
 * The patient's appointments: upcoming first, then past ones, each a page at a time. The loaded
 * pages are grouped again on the screen's clock, so a visit that ends while the page is open
 * moves to the past list without a reload.
 */
export function AppointmentsPage() {
  const ahead = usePatientAppointments('upcoming');
  const behind = usePatientAppointments('past');
  const now = useNow();
  const loaded = uniqueById([...itemsOf(ahead.data), ...itemsOf(behind.data)]);
  const { upcoming, past } = groupAppointments(loaded, now);
  const t = useT();
  const justBooked = (useLocation().state as { justBooked?: boolean } | null)?.justBooked === true;
  return (
    <Container className="flex max-w-4xl flex-col gap-6 pb-12">
      <PageHeader title={t('appointments.title')} subtitle={t('appointments.subtitle')} />
      {justBooked ? <PushOffer /> : null}
      {justBooked ? <InstallOffer /> : null}
      <WaitlistList />
      {ahead.isPending || behind.isPending ? (
        <div className="flex flex-col gap-4" role="status" aria-busy="true" aria-label={t('appointments.loading')}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-48 w-full rounded-xl" />
          ))}
        </div>
      ) : failed(ahead) || failed(behind) ? (
        <EmptyState title={t('appointments.loadError')}>
          <button
            type="button"
            className={buttonClass('outline')}
            onClick={() => void Promise.all([ahead.refetch(), behind.refetch()])}
          >
            {t('appointments.tryAgain')}
          </button>
        </EmptyState>
      ) : loaded.length === 0 ? (
        <EmptyState icon={<CalendarX className="h-10 w-10" aria-hidden />} title={t('appointments.empty')}>
          <Link to="/doctors" className={buttonClass('primary')}>
            {t('appointments.findDoctors')}
          </Link>
        </EmptyState>
      ) : (
        <>
          <ProposalBanner appointments={loaded} />
          {upcoming.length > 0 && (
            <Section
              id="section-upcoming"
              title={t('appointments.upcoming')}
              list={upcoming}
              now={now}
              pages={ahead}
              more={t('appointments.showLater')}
            />
          )}
          {past.length > 0 && (
            <Section
              id="section-past-and-cancelled"
              title={t('appointments.past')}
              list={past}
              now={now}
              pages={behind}
              more={t('appointments.showOlder')}
            />
          )}
        </>
      )}
    </Container>
  );
}

/** The first page failed; a later page's failure keeps what is shown (its section says so). */
const failed = (pages: Pages) => pages.isError && !pages.data;

const uniqueById = (list: Appointment[]) => [...new Map(list.map((a) => [a.id, a])).values()];

type Pages = ReturnType<typeof usePatientAppointments>;

// The ids stay in English words whatever the language: they only tie each list to its heading.
/**
 * One half of the list, and its next page while the server says there is one. Focus moves to the
 * first visit a page brought, so a keyboard user goes on reading where they asked for more.
 */
function Section({
  id,
  title,
  list,
  now,
  pages,
  more,
}: {
  id: string;
  title: string;
  list: Appointment[];
  now: Date;
  pages: Pages;
  more: string;
}) {
  const t = useT();
  const listRef = useRef<HTMLUListElement>(null);
  const focusFrom = useRef<number | null>(null);
  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || list.length <= from) return;
    focusFrom.current = null;
    (listRef.current?.children[from] as HTMLElement | undefined)?.focus();
  }, [list.length]);
  const showMore = () => {
    focusFrom.current = list.length;
    void pages.fetchNextPage();
  };
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="text-lg font-semibold text-ink">
        {title}
      </h2>
      <ul ref={listRef} className="flex flex-col gap-4">
        {list.map((a) => (
          <li key={a.id} tabIndex={-1} className="rounded-xl focus-visible:outline-2 focus-visible:outline-brand-600">
            <AppointmentCard appointment={a} now={now} />
          </li>
        ))}
      </ul>
      {pages.isFetchNextPageError && (
        <p role="alert" className="text-sm text-danger">
          {t('appointments.moreError')}
        </p>
      )}
      {pages.hasNextPage && (
        <Button variant="outline" className="self-center" onClick={showMore} disabled={pages.isFetchingNextPage}>
          {pages.isFetchingNextPage ? t('appointments.loadingMore') : more}
        </Button>
      )}
    </section>
  );
}
