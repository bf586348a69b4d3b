import { Stethoscope } from 'lucide-react';
import { Link } from 'react-router';
import type { PublicDoctor } from '@common/schemas/doctors';
import { EMPTY_SEARCH } from '../../lib/doctor-search-query';
import { useDoctorSearch, useFeaturedDoctors } from '../../lib/doctors-api';
import { textsFor } from '../../lib/i18n/areas';
import { buttonClass } from '../../ui/button-class';
import { DoctorCard, DoctorGridSkeleton } from '../../ui/doctor-card';
import { Container, EmptyState, PageHeader } from '../../ui/page';

const FALLBACK_LIMIT = 12;
const useT = textsFor('booking');

/**
 * /book-appointment without a doctorId: a grid of doctors to book. It lists the
 * search's first page; if the search fails it falls back to the featured doctors (limit 12).
 */
export function SelectDoctorGrid() {
  const t = useT();
  const search = useDoctorSearch(EMPTY_SEARCH, FALLBACK_LIMIT);
  const featured = useFeaturedDoctors(FALLBACK_LIMIT, search.isError);
  const doctors: PublicDoctor[] | undefined = search.isError ? featured.data : search.data?.pages[0]?.doctors;
  const loading = search.isPending || (search.isError && featured.isPending);

  return (
    <Container className="pb-12">
      <PageHeader title={t('booking.select.title')} subtitle={t('booking.select.subtitle')} />
      {loading ? (
        <DoctorGridSkeleton />
      ) : !doctors || doctors.length === 0 ? (
        <EmptyState icon={<Stethoscope className="h-10 w-10" aria-hidden />} title={t('booking.select.empty')}>
          <Link to="/find-doctors" className={buttonClass('primary')}>
            {t('booking.select.browse')}
          </Link>
        </EmptyState>
      ) : (
        <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3">
          {doctors.map((doctor) => (
            <li key={doctor.id}>
              <DoctorCard doctor={doctor} bookLabel={t('booking.title')} headingLevel={2} />
            </li>
          ))}
        </ul>
      )}
    </Container>
  );
}
