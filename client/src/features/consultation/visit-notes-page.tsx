import { ArrowLeft, SearchX } from 'lucide-react';
import { Link, useParams } from 'react-router';
import type { ClientMessageKey } from '@common/i18n/keys';
import { textsFor } from '../../lib/i18n/areas';
import { buttonClass } from '../../ui/button-class';
import { Container, EmptyState, PageHeader } from '../../ui/page';
import { Skeleton } from '../../ui/spinner';
import { useWhen } from '../../lib/i18n/use-when';
import { useVisitNotes } from './visit-notes-api';
import { VisitNotesPanel } from './visit-notes-panel';
import { DoctorCareDocuments } from './care-documents-panel';
import { BookedFor } from '../../ui/booked-for';
import { memberName } from '../../lib/family-members';
import { MemberHealthCard } from './member-health-card';

const useT = textsFor('notes', 'room');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /visit-notes/{appointmentId}: the doctor's notes and summary, reachable after the room has closed. */
export function VisitNotesPage() {
  const { id = '' } = useParams();
  return UUID.test(id) ? <LoadedVisitNotes key={id} appointmentId={id} /> : <NotFound />;
}

function NotFound() {
  const t = useT();
  return (
    <Container className="flex max-w-3xl flex-col gap-4 pb-12">
      <PageHeader title={t('notes.heading')} />
      <EmptyState icon={<SearchX className="h-10 w-10" aria-hidden />} title={t('notes.notFound.title')}>
        <p className="max-w-sm text-sm text-muted">{t('notes.notFound.body')}</p>
        <Link to="/dashboard" className={buttonClass('primary')}>
          {t('notes.notFound.back')}
        </Link>
      </EmptyState>
    </Container>
  );
}

function LoadedVisitNotes({ appointmentId }: { appointmentId: string }) {
  const t = useT();
  const time = useWhen();
  const notes = useVisitNotes(appointmentId);
  if (notes.isPending) {
    return (
      <Container className="flex max-w-3xl flex-col gap-4 py-8">
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-96 w-full" />
      </Container>
    );
  }
  if (notes.isError) return <NotFound />;
  const a = notes.data.appointment;
  return (
    <Container className="flex max-w-3xl flex-col gap-4 pb-12">
      <PageHeader
        // The person seen: the family member a visit was booked for, else the patient who booked it.
        title={t('notes.headingFor', { name: memberName(a.familyMember ?? a.patient) })}
        subtitle={t('notes.subtitle', {
          type: t(`room.type.${a.consultationType}` as ClientMessageKey),
          date: time.longDate(a.startsAt),
          time: time.slotTime(a.startsAt),
          reason: a.reasonForVisit,
        })}
        actions={
          <Link to="/dashboard" className={buttonClass('outline', 'sm')}>
            <ArrowLeft className="h-4 w-4 rtl:-scale-x-100" aria-hidden /> {t('notes.dashboard')}
          </Link>
        }
      />
      {a.familyMember && <BookedFor member={a.familyMember} holder={a.patient} />}
      <MemberHealthCard member={a.familyMember} />
      <VisitNotesPanel appointmentId={appointmentId} />
      <DoctorCareDocuments appointmentId={appointmentId} />
    </Container>
  );
}
