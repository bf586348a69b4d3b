import { CalendarClock, MapPin, Star } from 'lucide-react';
import { Link } from 'react-router';
import { NEXT_AVAILABLE_DAYS } from '@common/constants/doctor-search';
import type { PublicDoctor } from '@common/schemas/doctors';
import { bookingUrl, doctorName } from '../lib/doctor-display';
import { useFormats } from '../lib/i18n/use-formats';
import { useWhen } from '../lib/i18n/use-when';
import { useIntlShape, useT } from '../lib/i18n/use-t';
import { Avatar } from './avatar';
import { buttonClass } from './button-class';
import { Card } from './card';
import { Skeleton } from './spinner';

/**
 * One doctor in a grid (find-doctors, home's featured row, booking's doctor choice): the name opens
 * the profile, Book goes straight to booking. `headingLevel` is one below the heading the grid sits
 * under, so screen-reader users navigating by headings never meet a skipped level.
 */
export function DoctorCard({
  doctor,
  bookLabel,
  headingLevel = 3,
}: {
  doctor: PublicDoctor;
  bookLabel?: string;
  headingLevel?: 2 | 3;
}) {
  const t = useT();
  const format = useFormats();
  const name = doctorName(doctor);
  const action = bookLabel ?? t('doctors.card.book');
  // A doctor without reviews shows the default rating 5.0, with one decimal in every language.
  const rating = format.number(doctor.averageRating ?? 5, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <Card className="flex h-full flex-col gap-4 p-5" data-testid="doctor-card">
      <div className="flex items-start gap-3">
        <Avatar
          firstName={doctor.user.firstName}
          lastName={doctor.user.lastName}
          src={doctor.profileImageUrl}
          className="h-14 w-14 text-base"
        />
        <div className="min-w-0 flex-1">
          <Heading className="truncate text-base font-semibold text-ink">
            <Link to={`/doctors/${doctor.id}`} className="hover:text-brand-700 hover:underline focus-visible:underline">
              {name}
            </Link>
          </Heading>
          <p className="text-sm font-medium text-brand-700">{format.specialty(doctor.specialty)}</p>
          <p className="mt-1 flex items-center gap-1 text-sm text-muted">
            <MapPin className="h-3.5 w-3.5 shrink-0" aria-hidden />
            <span className="truncate">{format.place(doctor.location, doctor.country)}</span>
          </p>
        </div>
      </div>
      <div className="flex items-center justify-between text-sm">
        <span
          className="flex items-center gap-1"
          aria-label={t('doctors.card.rating', { rating, count: doctor.reviewCount })}
        >
          <Star className="h-4 w-4 fill-amber-400 text-amber-400" aria-hidden />
          <span className="font-semibold">{rating}</span>
          <span className="text-muted">({format.number(doctor.reviewCount)})</span>
        </span>
        {doctor.experience != null && (
          <span className="text-muted">{t('doctors.card.experience', { years: doctor.experience })}</span>
        )}
      </div>
      <NextAvailable at={doctor.nextAvailableAt} />
      <div className="mt-auto flex items-center justify-between gap-3 border-t border-line pt-4">
        <p>
          <span className="text-lg font-bold text-ink" data-testid="doctor-fee">
            {format.money(doctor.consultationFee)}
          </span>{' '}
          <span className="text-xs text-muted">{t('doctors.card.perConsultation')}</span>
        </p>
        <Link
          to={bookingUrl(doctor.id)}
          className={buttonClass('primary', 'sm')}
          aria-label={t('doctors.card.bookLabel', { action, name })}
        >
          {action}
        </Link>
      </div>
    </Card>
  );
}

/** Search replies carry the next free slot (null: none soon); other lists leave it out and show nothing. */
function NextAvailable({ at }: { at: string | null | undefined }) {
  const t = useT();
  const intl = useIntlShape();
  const when = useWhen();
  if (at === undefined) return null;
  if (at === null) {
    return <p className="text-sm text-muted">{t('doctors.card.noSlots', { days: NEXT_AVAILABLE_DAYS })}</p>;
  }
  return (
    <p className="flex items-center gap-1.5 text-sm text-ink" data-testid="next-available">
      <CalendarClock className="h-4 w-4 shrink-0 text-brand-700" aria-hidden />
      <span>
        {intl.formatMessage(
          { id: 'doctors.card.nextAvailable' },
          {
            when: when.nextSlot(at),
            b: (chunks) => <span className="font-semibold">{chunks}</span>,
          },
        )}
      </span>
    </p>
  );
}

export function DoctorCardSkeleton() {
  return (
    <Card className="flex flex-col gap-4 p-5" aria-hidden>
      <div className="flex gap-3">
        <Skeleton className="h-14 w-14 rounded-full" />
        <div className="flex flex-1 flex-col gap-2">
          <Skeleton className="h-4 w-3/4" />
          <Skeleton className="h-3 w-1/2" />
          <Skeleton className="h-3 w-2/3" />
        </div>
      </div>
      <Skeleton className="h-4 w-1/3" />
      <Skeleton className="h-9 w-full" />
    </Card>
  );
}

export function DoctorGridSkeleton({ count = 6 }: { count?: number }) {
  const t = useT();
  return (
    <div
      className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
      role="status"
      aria-label={t('doctors.card.loadingDoctors')}
    >
      {Array.from({ length: count }, (_, i) => (
        <DoctorCardSkeleton key={i} />
      ))}
    </div>
  );
}
