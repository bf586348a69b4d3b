import { MapPin, SearchX, Star } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PENDING_HOLD_MINUTES } from '@common/constants/platform';
import type { PublicDoctor } from '@common/schemas/doctors';
import { ApiError, errorMessage } from '../../lib/api';
import { doctorName } from '../../lib/doctor-display';
import { useDoctor } from '../../lib/doctors-api';
import { textsFor } from '../../lib/i18n/areas';
import { useFormats } from '../../lib/i18n/use-formats';
import { Avatar } from '../../ui/avatar';
import { buttonClass } from '../../ui/button-class';
import { Card } from '../../ui/card';
import { Container, EmptyState, PageHeader } from '../../ui/page';
import { useStepFocus } from '../../ui/step-focus';
import { Skeleton } from '../../ui/spinner';
import { toast } from '../../ui/toast-store';
import { useBookAppointment } from './api';
import { BookingForm, emptyDraft, type BookingDraft } from './booking-form';
import { BookingReview } from './booking-review';
import { requestedSlot, usePreselectedSlot } from './preselected-slot';
import { SelectDoctorGrid } from './select-doctor-grid';

const useT = textsFor('booking', 'ui');

/** Without doctorId the doctor grid; with it the two-step booking. */
export function BookAppointmentPage() {
  const [params] = useSearchParams();
  const doctorId = params.get('doctorId');
  return doctorId ? <BookWithDoctor doctorId={doctorId} params={params} /> : <SelectDoctorGrid />;
}

function DoctorSummary({ doctor }: { doctor: PublicDoctor }) {
  const photo = doctor.profileImageUrl ?? doctor.user.profileImageUrl;
  const t = useT();
  const format = useFormats();
  const rating = format.number(doctor.averageRating ?? 5, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return (
    <Card className="flex items-center gap-4 p-4">
      <Avatar
        firstName={doctor.user.firstName}
        lastName={doctor.user.lastName}
        src={photo}
        className="h-14 w-14 text-base"
      />
      <div className="min-w-0">
        <p className="font-semibold text-ink">{doctorName(doctor)}</p>
        <p className="text-sm text-brand-700">{format.specialty(doctor.specialty)}</p>
        <p className="mt-0.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted">
          <span className="inline-flex items-center gap-1">
            <MapPin className="h-3.5 w-3.5" aria-hidden />
            {format.place(doctor.location, doctor.country)}
          </span>
          <span className="inline-flex items-center gap-1">
            <Star className="h-3.5 w-3.5 fill-amber-400 text-amber-400" aria-hidden />
            {rating} {t('booking.reviewCount', { count: doctor.reviewCount })}
          </span>
        </p>
      </div>
    </Card>
  );
}

/** `date` and `start` in the URL open the form on that day with that slot chosen (./preselected-slot.ts). */
function BookWithDoctor({ doctorId, params }: { doctorId: string; params: URLSearchParams }) {
  const navigate = useNavigate();
  const t = useT();
  const doctor = useDoctor(doctorId);
  const book = useBookAppointment();
  const [step, setStep] = useState<1 | 2>(1);
  useStepFocus(step);
  const [requested] = useState(() => requestedSlot(params));
  const [draft, setDraft] = useState<BookingDraft>(() => ({ ...emptyDraft(), date: requested.date }));
  const requestedTaken = usePreselectedSlot(doctorId, requested, setDraft);

  if (doctor.isPending) {
    return (
      <Container className="flex max-w-3xl flex-col gap-4 py-8">
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-96 w-full" />
      </Container>
    );
  }
  if (doctor.isError || !doctor.data.isVerified || !doctor.data.isActive) {
    return (
      <Container className="max-w-3xl py-10">
        <EmptyState icon={<SearchX className="h-10 w-10" aria-hidden />} title={t('booking.notFound')}>
          <p className="max-w-sm text-sm text-muted">{t('booking.notFoundText')}</p>
          <Link to="/find-doctors" className={buttonClass('primary')}>
            {t('booking.findOther')}
          </Link>
        </EmptyState>
      </Container>
    );
  }

  const handleSubmit = () => {
    const slot = draft.slot!;
    book.mutate(
      {
        doctorId,
        appointmentDate: slot.doctorDate,
        appointmentTime: slot.label,
        consultationType: draft.consultationType,
        reasonForVisit: draft.reasonForVisit.trim(),
        additionalNotes: draft.additionalNotes.trim() || undefined,
        forFamilyMemberId: draft.forFamilyMemberId || undefined,
        status: 'pending',
      },
      {
        onSuccess: (appointment) => {
          // Not booked yet: the time is only held until it is paid (docs/booking-holds.md).
          toast({
            title: t('ui.hold.title', { minutes: PENDING_HOLD_MINUTES }),
            description: t('booking.holdToast', { minutes: PENDING_HOLD_MINUTES }),
          });
          navigate(`/checkout?appointmentId=${appointment.id}`);
        },
        onError: (error) => {
          toast({
            title: t('booking.failed'),
            description: errorMessage(error, t('booking.failedText')),
            variant: 'destructive',
          });
          // The slot went to someone else: back to the form with fresh times.
          if (error instanceof ApiError && (error.status === 409 || error.status === 400)) {
            setDraft((d) => ({ ...d, slot: null }));
            setStep(1);
          }
        },
      },
    );
  };

  return (
    <Container className="flex max-w-3xl flex-col gap-4 pb-12">
      <PageHeader title={t('booking.title')} subtitle={t(step === 1 ? 'booking.step1' : 'booking.step2')} />
      <DoctorSummary doctor={doctor.data} />
      {step === 1 ? (
        <BookingForm
          doctor={doctor.data}
          draft={draft}
          takenStart={requestedTaken ? requested.start : null}
          onChange={setDraft}
          onContinue={() => setStep(2)}
        />
      ) : (
        <BookingReview
          doctor={doctor.data}
          draft={draft}
          submitting={book.isPending}
          onBack={() => setStep(1)}
          onSubmit={handleSubmit}
        />
      )}
    </Container>
  );
}
