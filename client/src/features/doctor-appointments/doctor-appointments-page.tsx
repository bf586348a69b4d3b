import { CalendarX } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { APPOINTMENT_STATUSES } from '@common/constants/statuses';
import { CONSULTATION_TYPE_VALUES } from '@common/constants/consultation-types';
import { localTimeZone, zoneName } from '@common/rules/display-time';
import { usePatientPrechecks } from '../../lib/patient-prechecks';
import { useNow } from '../../lib/use-now';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { ErrorCard } from '../../ui/error-card';
import { Container, EmptyState, PageHeader } from '../../ui/page';
import { Skeleton } from '../../ui/spinner';
import { useDoctorBook, type BookFilters } from './api';
import { BookEntry } from './book-entry';
import { BookFiltersBar } from './book-filters';

/** The filters live in the address, so a reload or a shared link shows the same page of the book. */
function useFilters(): [BookFilters, (next: Partial<BookFilters>) => void] {
  const [params, setParams] = useSearchParams();
  const status = params.get('status') ?? '';
  const type = params.get('type') ?? '';
  const filters: BookFilters = {
    when: params.get('when') === 'past' ? 'past' : 'upcoming',
    status: (APPOINTMENT_STATUSES as readonly string[]).includes(status) ? (status as BookFilters['status']) : '',
    type: (CONSULTATION_TYPE_VALUES as readonly string[]).includes(type) ? (type as BookFilters['type']) : '',
  };
  const update = (next: Partial<BookFilters>) => {
    const merged = { ...filters, ...next };
    const q = new URLSearchParams();
    if (merged.when === 'past') q.set('when', 'past');
    if (merged.status) q.set('status', merged.status);
    if (merged.type) q.set('type', merged.type);
    setParams(q, { replace: true });
  };
  return [filters, update];
}

export function DoctorAppointmentsPage() {
  const [filters, setFilters] = useFilters();
  const book = useDoctorBook(filters);
  const entries = book.data?.pages.flatMap((p) => p.items) ?? [];
  const now = useNow();
  // Only upcoming visits can have a check worth showing; the past tab does not ask.
  const prechecks = usePatientPrechecks(filters.when === 'upcoming');
  const filtered = filters.status !== '' || filters.type !== '';

  if (book.isError && !book.data) {
    return (
      <ErrorCard
        title="Appointments could not be loaded"
        message="Something went wrong while loading your appointments."
        onRetry={() => void book.refetch()}
      />
    );
  }

  return (
    <Container className="pb-12">
      <PageHeader
        title="Patient Visits"
        subtitle={`Your appointment book: every visit booked with you. Times in ${zoneName(localTimeZone())}, as on your dashboard.`}
      />
      <Card className="flex flex-col gap-4 p-4 sm:p-6">
        <BookFiltersBar filters={filters} onChange={setFilters} />
        {book.isPending ? (
          <div className="flex flex-col gap-2" aria-busy="true" aria-label="Loading appointments">
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-16 w-full" />
          </div>
        ) : entries.length === 0 ? (
          <EmptyState icon={<CalendarX className="h-8 w-8" aria-hidden />} title={emptyTitle(filters.when, filtered)} />
        ) : (
          <ul
            className="flex flex-col gap-3 md:gap-0 md:border-t md:border-line"
            aria-label={filters.when === 'past' ? 'Past appointments' : 'Upcoming appointments'}
          >
            {entries.map((e) => (
              <BookEntry key={e.id} entry={e} now={now} precheck={prechecks.get(e.id)} />
            ))}
          </ul>
        )}
        {book.isFetchNextPageError && (
          <p role="alert" className="text-sm text-danger">
            More appointments could not be loaded. Please try again.
          </p>
        )}
        {book.hasNextPage && (
          <Button
            variant="outline"
            className="self-center"
            onClick={() => void book.fetchNextPage()}
            disabled={book.isFetchingNextPage}
          >
            {book.isFetchingNextPage ? 'Loading...' : 'Load more'}
          </Button>
        )}
      </Card>
    </Container>
  );
}

function emptyTitle(when: BookFilters['when'], filtered: boolean): string {
  if (filtered) return `No ${when} appointments match these filters`;
  return when === 'past' ? 'No past appointments' : 'No upcoming appointments';
}
