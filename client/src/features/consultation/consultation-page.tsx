import { useParams, useSearchParams } from 'react-router';
import { Spinner } from '../../ui/spinner';
import { useConsultation } from './api';
import { ConsultationNotFound } from './not-found-card';
import { ConsultationRoom } from './room';
import { VideoConsultationsPage } from './video-consultations-page';

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
  const { data, isLoading } = useConsultation(id);
  if (isLoading) {
    return (
      <div className="flex justify-center py-24">
        <Spinner className="h-8 w-8" label="Loading consultation" />
      </div>
    );
  }
  if (!data) return <ConsultationNotFound />;
  return <ConsultationRoom consultation={data} />;
}
