import { ArrowLeft, Award, Clock, GraduationCap, Languages, MapPin, Star, UserX } from 'lucide-react';
import { lazy, Suspense, useDeferredValue, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { CONSULTATION_TYPE_OPTIONS } from '@common/constants/consultation-types';
import { feeForType } from '@common/rules/fees';
import { ApiError } from '../../lib/api';
import { useCurrentUser } from '../../lib/current-user';
import { bookingUrl, doctorName } from '../../lib/doctor-display';
import { useDoctor } from '../../lib/doctors-api';
import { textsFor } from '../../lib/i18n/areas';
import { useFormats } from '../../lib/i18n/use-formats';
import { Avatar } from '../../ui/avatar';
import { buttonClass } from '../../ui/button-class';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card';
import { useDocumentTitle } from '../../ui/document-title';
import { Container, EmptyState } from '../../ui/page';
import { Skeleton } from '../../ui/spinner';
import { TYPE_LABEL } from '../../ui/consultation-type-labels';
import { DoctorCredentials } from './doctor-credentials';
import { DoctorReviews } from './doctor-reviews';
import { DoctorWeekSlots } from './doctor-week-slots';

// For patients only, and a dialog's worth of code with its form's texts: loaded when a patient
// opens the page, not with every visitor's first screen (it was 6 of the page's 17 preloaded chunks).
const EarlierTimeButton = lazy(() => import('./earlier-time-button').then((m) => ({ default: m.EarlierTimeButton })));

const useT = textsFor('doctor-page', 'ui');

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{title}</CardTitle>
      </CardHeader>
      <CardContent className="text-sm text-ink">{children}</CardContent>
    </Card>
  );
}

function Fact({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li className="flex items-center gap-2 text-sm text-muted">
      {icon}
      <span>{children}</span>
    </li>
  );
}

export function DoctorProfilePage() {
  const { id = '' } = useParams();
  const { data, error } = useDoctor(id);
  // Drawn from a deferred copy, in slices (see FindDoctorsPage): the whole page arrives with the
  // doctor, and rendered at once it was one long task on a phone.
  const doctor = useDeferredValue(data);
  const t = useT();
  const format = useFormats();
  const isPatient = useCurrentUser().user?.userType === 'patient';
  useDocumentTitle(doctor ? doctorName(doctor) : null);

  if (doctor === undefined && !error) {
    return (
      <Container className="py-8">
        <div role="status" aria-label={t('doctor-page.loading')} className="flex flex-col gap-4">
          <Skeleton className="h-32 w-full" />
          <Skeleton className="h-48 w-full" />
        </div>
      </Container>
    );
  }
  if (!doctor) {
    const missing = error instanceof ApiError && (error.status === 404 || error.status === 400);
    return (
      <Container className="py-12">
        <EmptyState
          icon={<UserX className="h-10 w-10" aria-hidden />}
          title={t(missing ? 'doctor-page.notFound' : 'doctor-page.loadFailed')}
        >
          <Link to="/find-doctors" className={buttonClass('primary')}>
            {t('doctor-page.findOther')}
          </Link>
        </EmptyState>
      </Container>
    );
  }

  const name = doctorName(doctor);
  // A doctor without reviews shows the default rating 5.0, with one decimal in every language.
  const rating = format.number(doctor.averageRating ?? 5, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return (
    <Container className="flex flex-col gap-4 py-6 pb-12">
      <Link to="/find-doctors" className="flex w-fit items-center gap-1 text-sm text-muted hover:text-ink">
        <ArrowLeft className="h-4 w-4 rtl:-scale-x-100" aria-hidden /> {t('doctor-page.back')}
      </Link>
      <Card className="flex flex-col gap-5 p-5 sm:flex-row sm:items-center sm:p-6">
        <Avatar
          firstName={doctor.user.firstName}
          lastName={doctor.user.lastName}
          src={doctor.profileImageUrl}
          className="h-24 w-24 text-2xl"
        />
        <div className="flex-1">
          <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">{name}</h1>
          <p className="font-medium text-brand-700">{format.specialty(doctor.specialty)}</p>
          <ul className="mt-3 flex flex-wrap gap-x-5 gap-y-2">
            <Fact icon={<MapPin className="h-4 w-4" aria-hidden />}>
              {format.place(doctor.location, doctor.country)}
            </Fact>
            <Fact icon={<Star className="h-4 w-4 fill-amber-400 text-amber-400" aria-hidden />}>
              <span className="font-semibold text-ink">{rating}</span>{' '}
              {t('doctor-page.reviewCount', { count: doctor.reviewCount })}
            </Fact>
            {doctor.experience != null && (
              <Fact icon={<Clock className="h-4 w-4" aria-hidden />}>
                {t('doctor-page.experience', { years: doctor.experience })}
              </Fact>
            )}
            {doctor.languages.length > 0 && (
              <Fact icon={<Languages className="h-4 w-4" aria-hidden />}>
                {format.list(doctor.languages.map(format.spokenLanguage))}
              </Fact>
            )}
          </ul>
        </div>
        <Link to={bookingUrl(doctor.id)} className={buttonClass('primary', 'lg')}>
          {t('doctor-page.book')}
        </Link>
      </Card>
      {/*
        On phones: free times, then fees and practice, then the rest. On wide screens fees and
        practice stand in a column beside the free times and the rest.
      */}
      <div className="grid gap-4 lg:grid-cols-3 lg:items-start">
        <div className="lg:col-span-2">
          <DoctorWeekSlots doctor={doctor} />
        </div>
        <div className="flex flex-col gap-4 lg:col-start-3 lg:row-span-2 lg:row-start-1">
          <Section title={t('doctor-page.fees')}>
            <ul className="divide-y divide-line">
              {CONSULTATION_TYPE_OPTIONS.map(({ value }) => (
                <li key={value} className="flex justify-between py-2">
                  <span>{t(TYPE_LABEL[value])}</span>
                  <span className="font-semibold">{format.money(feeForType(doctor, value))}</span>
                </li>
              ))}
            </ul>
            <Link to={bookingUrl(doctor.id)} className={`${buttonClass('primary')} mt-4 w-full`}>
              {t('doctor-page.book')}
            </Link>
            {isPatient && (
              <div className="mt-2">
                <Suspense fallback={null}>
                  <EarlierTimeButton doctorId={doctor.id} doctorName={name} />
                </Suspense>
              </div>
            )}
          </Section>
          {(doctor.insuranceAccepted.length > 0 || doctor.officeAddress) && (
            <Section title={t('doctor-page.practice')}>
              {doctor.officeAddress && (
                <p className="mb-3 text-muted" dir="auto">
                  {doctor.officeAddress}
                </p>
              )}
              {doctor.insuranceAccepted.length > 0 && (
                <div className="flex items-start gap-2">
                  <Award className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" aria-hidden />
                  <p>
                    <span className="font-medium">{t('doctor-page.insurance')}</span>{' '}
                    {doctor.insuranceAccepted.join(', ')}
                  </p>
                </div>
              )}
            </Section>
          )}
        </div>
        <div className="flex flex-col gap-4 lg:col-span-2">
          {doctor.about && (
            <Section title={t('doctor-page.about')}>
              <p className="leading-relaxed" dir="auto">
                {doctor.about}
              </p>
            </Section>
          )}
          <Section title={t('doctor-page.education')}>
            <div className="flex items-start gap-3">
              <GraduationCap className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden />
              <DoctorCredentials doctor={doctor} />
            </div>
          </Section>
          <DoctorReviews doctorId={doctor.id} total={doctor.reviewCount} />
        </div>
      </div>
    </Container>
  );
}
