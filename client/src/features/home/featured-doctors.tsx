import { ArrowRight } from 'lucide-react';
import { useDeferredValue } from 'react';
import { Link } from 'react-router';
import { useFeaturedDoctors } from '../../lib/doctors-api';
import { useT } from '../../lib/i18n/use-t';
import { DoctorCard, DoctorGridSkeleton } from '../../ui/doctor-card';

/** A row of top-rated doctors; shared by the landing page (featured) and home (recommended). */
export function FeaturedDoctors({ title, limit }: { title: string; limit: number }) {
  const { data, isError } = useFeaturedDoctors(limit);
  // Drawn from a deferred copy, in slices (see FindDoctorsPage): the cards are the page's heaviest render.
  const doctors = useDeferredValue(data);
  const t = useT();
  if (isError || doctors?.length === 0) return null;
  return (
    <section aria-labelledby="featured-doctors-title">
      <div className="mb-4 flex items-end justify-between gap-3">
        <h2 id="featured-doctors-title" className="text-xl font-bold text-ink sm:text-2xl">
          {title}
        </h2>
        <Link to="/find-doctors" className="flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
          {t('landing.featured.viewAll')} <ArrowRight className="h-4 w-4 rtl:-scale-x-100" aria-hidden />
        </Link>
      </div>
      {doctors === undefined ? (
        <DoctorGridSkeleton count={limit > 3 ? 4 : 3} />
      ) : (
        <ul
          className={
            limit === 4 ? 'grid gap-4 sm:grid-cols-2 lg:grid-cols-4' : 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3'
          }
        >
          {doctors.map((doctor) => (
            <li key={doctor.id}>
              <DoctorCard doctor={doctor} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
