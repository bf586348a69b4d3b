import { CalendarX } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { APPOINTMENT_STATUSES } from '@common/constants/statuses';
import { CONSULTATION_TYPE_VALUES } from '@common/constants/consultation-types';
import type { ClientMessageKey } from '@common/i18n/keys';
import { localTimeZone } from '@common/rules/display-time';
import { textsFor } from '../../lib/i18n/areas';
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
import { useWhen } from '../../lib/i18n/use-when';

const useT = textsFor('visits');

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
  const t = useT();
  const time = useWhen();

  if (book.isError && !book.data) {
    return (
      <ErrorCard
        title={t('visits.loadError')}
        message={t('visits.loadErrorText')}
        onRetry={() => void book.refetch()}
      />
    );
  }

  return (
    <Container className="pb-12">
      <PageHeader title={t('visits.title')} subtitle={t('visits.subtitle', { zone: time.zoneName(localTimeZone()) })} />
      <Card className="flex flex-col gap-4 p-4 sm:p-6">
        <BookFiltersBar filters={filters} onChange={setFilters} />
        {book.isPending ? (
          <div className="flex flex-col gap-2" role="status" aria-busy="true" aria-label={t('visits.loading')}>
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-16 w-full" />
          </div>
        ) : entries.length === 0 ? (
          <EmptyState
            icon={<CalendarX className="h-8 w-8" aria-hidden />}
            title={t(emptyTitle(filters.when, filtered))}
          />
        ) : (
          <ul
            className="flex flex-col gap-3 md:gap-0 md:border-t md:border-line"
            aria-label={t(filters.when === 'past' ? 'visits.list.past' : 'visits.list.upcoming')}
          >
            {entries.map((e) => (
              <BookEntry key={e.id} entry={e} now={now} precheck={prechecks.get(e.id)} />
            ))}
          </ul>
        )}
        {book.isFetchNextPageError && (
          <p role="alert" className="text-sm text-danger">
            {t('visits.moreError')}
          </p>
        )}
        {book.hasNextPage && (
          <Button
            variant="outline"
            className="self-center"
            onClick={() => void book.fetchNextPage()}
            disabled={book.isFetchingNextPage}
          >
            {t(book.isFetchingNextPage ? 'visits.loadingMore' : 'visits.loadMore')}
          </Button>
        )}
      </Card>
    </Container>
  );
}

function emptyTitle(when: BookFilters['when'], filtered: boolean): ClientMessageKey {
  if (filtered) return when === 'past' ? 'visits.empty.pastFiltered' : 'visits.empty.upcomingFiltered';
  return when === 'past' ? 'visits.empty.past' : 'visits.empty.upcoming';
}
