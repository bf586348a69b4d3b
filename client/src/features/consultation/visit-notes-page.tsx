import { ArrowLeft, SearchX } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { CONSULTATION_TYPE_LABELS } from '@common/constants/consultation-types';
import { longDate, slotTime } from '@common/rules/display-time';
import { buttonClass } from '../../ui/button-class';
import { Container, EmptyState, PageHeader } from '../../ui/page';
import { Skeleton } from '../../ui/spinner';
import { useVisitNotes } from './visit-notes-api';
import { VisitNotesPanel } from './visit-notes-panel';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /visit-notes/{appointmentId}: the doctor's notes and summary, reachable after the room has closed. */
export function VisitNotesPage() {
  const { id = '' } = useParams();
  return UUID.test(id) ? <LoadedVisitNotes key={id} appointmentId={id} /> : <NotFound />;
}

function NotFound() {
  return (
    <Container className="flex max-w-3xl flex-col gap-4 pb-12">
      <PageHeader title="Visit notes" />
      <EmptyState icon={<SearchX className="h-10 w-10" aria-hidden />} title="Appointment Not Found">
        <p className="max-w-sm text-sm text-muted">This appointment does not exist or is not one of yours.</p>
        <Link to="/dashboard" className={buttonClass('primary')}>
          Back to Dashboard
        </Link>
      </EmptyState>
    </Container>
  );
}

function LoadedVisitNotes({ appointmentId }: { appointmentId: string }) {
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
        title={`Visit notes: ${a.patient.firstName} ${a.patient.lastName}`}
        subtitle={`${CONSULTATION_TYPE_LABELS[a.consultationType]} on ${longDate(a.startsAt)} at ${slotTime(a.startsAt)} · ${a.reasonForVisit}`}
        actions={
          <Link to="/dashboard" className={buttonClass('outline', 'sm')}>
            <ArrowLeft className="h-4 w-4" aria-hidden /> Dashboard
          </Link>
        }
      />
      <VisitNotesPanel appointmentId={appointmentId} />
    </Container>
  );
}
