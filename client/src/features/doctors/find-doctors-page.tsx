import { SearchX } from 'lucide-react';
import { memo, useDeferredValue, useEffect, useMemo } from 'react';
import { DOCTOR_SORTS, type DoctorSort } from '@common/constants/doctor-search';
import type { PublicDoctor } from '@common/schemas/doctors';
import { errorMessage } from '../../lib/api';
import { EMPTY_SEARCH } from '../../lib/doctor-search-query';
import { useDoctorSearch } from '../../lib/doctors-api';
import { useT } from '../../lib/i18n/use-t';
import { Button } from '../../ui/button';
import { DoctorCard, DoctorGridSkeleton } from '../../ui/doctor-card';
import { Label, Select } from '../../ui/input';
import { Container, EmptyState, PageHeader } from '../../ui/page';
import { Spinner } from '../../ui/spinner';
import { toast } from '../../ui/toast-store';
import { useMediaQuery, WIDER_THAN_PHONE } from '../../lib/use-media-query';
import { SearchFilters } from './search-filters';
import { searchToUrl, SORT_LABELS } from './search-params';
import { useSearchInUrl } from './use-search-in-url';

export function FindDoctorsPage() {
  const { fetched, shown: search, change: handleChange } = useSearchInUrl();
  const query = useDoctorSearch(fetched);
  // The cards are drawn from a deferred copy of the reply: a page of cards with their next free
  // times is the screen's heaviest render, and done at the reply's urgency it froze a phone for one
  // long task. Deferred, React draws them in slices and the page answers a tap in between.
  const shown = useDeferredValue(query.data);
  const doctors = useMemo(() => shown?.pages.flatMap((p) => p.doctors) ?? [], [shown]);
  const drawing = query.isPending || (query.data !== undefined && shown === undefined);
  const t = useT();

  useEffect(() => {
    if (query.isError) {
      toast({
        title: t('doctors.find.searchFailed'),
        description: errorMessage(query.error, t('doctors.find.tryAgain')),
        variant: 'destructive',
      });
    }
  }, [query.isError, query.error, t]);

  const wide = useMediaQuery(WIDER_THAN_PHONE);
  const summary = drawing
    ? t('doctors.find.searching')
    : t(query.hasNextPage ? 'doctors.find.showingFirst' : 'doctors.find.showing', { count: doctors.length });
  const filtered = searchToUrl({ ...fetched, sort: 'rating' }).size > 0;

  return (
    <Container className="pb-12">
      <PageHeader title={t('doctors.find.title')} subtitle={t('doctors.find.subtitle')} />
      <SearchFilters search={search} onChange={handleChange} resultSummary={wide ? undefined : summary} />
      <div className="mt-4 flex flex-col gap-3 sm:mt-6 sm:flex-row sm:items-center sm:justify-between">
        {/* On a phone the same words sit beside the Filters button instead. */}
        {wide && (
          <p className="text-sm text-muted" aria-live="polite">
            {summary}
          </p>
        )}
        {/* At the row's end with or without the count beside it (a drawn page shows the count only once live). */}
        <div className="flex items-center gap-2 sm:ms-auto">
          <Label htmlFor="fd-sort" className="whitespace-nowrap">
            {t('doctors.find.sortBy')}
          </Label>
          <Select
            id="fd-sort"
            className="w-48"
            value={search.sort}
            onChange={(e) => handleChange({ sort: e.target.value as DoctorSort })}
          >
            {DOCTOR_SORTS.map((s) => (
              <option key={s} value={s}>
                {t(SORT_LABELS[s])}
              </option>
            ))}
          </Select>
        </div>
      </div>
      <section aria-label={t('doctors.find.results')} className="mt-4">
        {drawing ? (
          <DoctorGridSkeleton />
        ) : doctors.length === 0 ? (
          <EmptyState icon={<SearchX className="h-10 w-10" aria-hidden />} title={t('doctors.find.empty')}>
            <p className="text-sm text-muted">{t('doctors.find.emptyHint')}</p>
            {filtered && (
              <Button variant="outline" onClick={() => handleChange(EMPTY_SEARCH)}>
                {t('doctors.find.clearFilters')}
              </Button>
            )}
          </EmptyState>
        ) : (
          <DoctorResults doctors={doctors} />
        )}
        {query.hasNextPage && (
          <div className="mt-8 flex justify-center">
            <Button
              variant="outline"
              size="lg"
              onClick={() => void query.fetchNextPage()}
              disabled={query.isFetchingNextPage}
            >
              {query.isFetchingNextPage ? (
                <>
                  <Spinner className="h-4 w-4" label={t('doctors.find.loadingMore')} /> {t('doctors.find.loading')}
                </>
              ) : (
                t('doctors.find.loadMore')
              )}
            </Button>
          </div>
        )}
      </section>
    </Container>
  );
}

/** Kept from redrawing while the page's urgent render still holds the older reply. */
const DoctorResults = memo(function DoctorResults({ doctors }: { doctors: PublicDoctor[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {doctors.map((doctor) => (
        <li key={doctor.id}>
          <DoctorCard doctor={doctor} headingLevel={2} />
        </li>
      ))}
    </ul>
  );
});
