import { useLayoutEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import type { Consultation } from '@common/schemas/consultations';
import { useCurrentUser } from '../../lib/current-user';
import { textsFor } from '../../lib/i18n/areas';
import { Spinner } from '../../ui/spinner';
import { useConsultation } from './api';
import { setActiveVisit, wasChecked } from './device-choice';
import { ConsultationNotFound } from './not-found-card';
import { PrecallCheck } from './precall-check';
import { ConsultationRoom } from './room';
import { VideoConsultationsPage } from './video-consultations-page';

const useT = textsFor('room');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /consultation/{id} and /consultation?appointmentId={id}; without an id, the list of video consultations. */
export function ConsultationPage() {
  const { id } = useParams();
  const [params] = useSearchParams();
  const consultationId = id ?? params.get('appointmentId');
  if (!consultationId) return <VideoConsultationsPage missingId />;
  if (!UUID.test(consultationId)) return <ConsultationNotFound />;
  return <LoadedRoom key={consultationId} id={consultationId} />;
}

function LoadedRoom({ id }: { id: string }) {
  const t = useT();
  const { data, isLoading } = useConsultation(id);
  // Checked already in this tab for this visit (a reload, back from another page): straight in.
  const [entered, setEntered] = useState(() => wasChecked(id));
  if (isLoading) {
    return (
      <div className="flex justify-center py-24">
        <Spinner className="h-8 w-8" label={t('room.loading')} />
      </div>
    );
  }
  if (!data) return <ConsultationNotFound />;
  // An ended visit has nothing to check: the room shows that it is over.
  if (!entered && data.status !== 'ended') return <Check consultation={data} onJoin={() => setEntered(true)} />;
  return <RoomWithChosenDevices consultation={data} />;
}

/** The room's media asks for the devices chosen for this visit (layout effects run before the room's). */
function RoomWithChosenDevices({ consultation }: { consultation: Consultation & { receivedAt: number } }) {
  const id = consultation.appointmentId;
  useLayoutEffect(() => {
    setActiveVisit(id);
    return () => setActiveVisit(null);
  }, [id]);
  return <ConsultationRoom consultation={consultation} />;
}

function Check({ consultation, onJoin }: { consultation: Consultation; onJoin: () => void }) {
  const { user } = useCurrentUser();
  const role = user?.id === consultation.doctor.userId ? 'doctor' : 'patient';
  return <PrecallCheck consultation={consultation} role={role} onJoin={onJoin} />;
}
