import { Stethoscope } from 'lucide-react';
import { Link } from 'react-router';
import type { PublicDoctor } from '@common/schemas/doctors';
import { EMPTY_SEARCH } from '../../lib/doctor-search-query';
import { useDoctorSearch, useFeaturedDoctors } from '../../lib/doctors-api';
import { buttonClass } from '../../ui/button-class';
import { DoctorCard, DoctorGridSkeleton } from '../../ui/doctor-card';
import { Container, EmptyState, PageHeader } from '../../ui/page';

const FALLBACK_LIMIT = 12;

/**
 * /book-appointment without a doctorId: a grid of doctors to book. It lists the
 * search's first page; if the search fails it falls back to the featured doctors (limit 12).
 */
export function SelectDoctorGrid() {
  const search = useDoctorSearch(EMPTY_SEARCH, FALLBACK_LIMIT);
  const featured = useFeaturedDoctors(FALLBACK_LIMIT, search.isError);
  const doctors: PublicDoctor[] | undefined = search.isError ? featured.data : search.data?.pages[0]?.doctors;
  const loading = search.isPending || (search.isError && featured.isPending);

  return (
    <Container className="pb-12">
      <PageHeader title="Select a Doctor" subtitle="Choose a doctor to book your consultation with." />
      {loading ? (
        <DoctorGridSkeleton />
      ) : !doctors || doctors.length === 0 ? (
        <EmptyState icon={<Stethoscope className="h-10 w-10" aria-hidden />} title="No Doctors Available">
          <Link to="/find-doctors" className={buttonClass('primary')}>
            Browse All Doctors
          </Link>
        </EmptyState>
      ) : (
        <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3">
          {doctors.map((doctor) => (
            <li key={doctor.id}>
              <DoctorCard doctor={doctor} bookLabel="Book Appointment" headingLevel={2} />
            </li>
          ))}
        </ul>
      )}
    </Container>
  );
}
