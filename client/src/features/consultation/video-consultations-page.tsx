import { AlertTriangle, CalendarDays, Clock, Video } from 'lucide-react';
import { Link } from 'react-router';
import type { ClientMessageKey } from '@common/i18n/keys';
import { localTimeZone } from '@common/rules/display-time';
import { joinPhase } from '@common/rules/join-window';
import type { UpcomingConsultation } from '@common/schemas/consultations';
import { doctorName } from '../../lib/doctor-display';
import { textsFor } from '../../lib/i18n/areas';
import { useFormats } from '../../lib/i18n/use-formats';
import { useNow } from '../../lib/use-now';
import { Avatar } from '../../ui/avatar';
import { Badge } from '../../ui/badge';
import { buttonClass } from '../../ui/button-class';
import { Card } from '../../ui/card';
import { CONSULTATION_TYPE_ICONS } from '../../ui/consultation-type-icons';
import { JoinOpensNote } from '../../ui/join-opens-note';
import { Container, EmptyState, PageHeader } from '../../ui/page';
import { Skeleton } from '../../ui/spinner';
import { useUpcomingConsultations } from './api';
import { useWhen } from '../../lib/i18n/use-when';

const useT = textsFor('room');

function TypeIcon({ type }: { type: UpcomingConsultation['consultationType'] }) {
  const Icon = CONSULTATION_TYPE_ICONS[type];
  return <Icon className="me-1 h-3 w-3" aria-hidden />;
}

/** /video-consultations, and /consultation without an id (with the notice). */
export function VideoConsultationsPage({ missingId = false }: { missingId?: boolean }) {
  const t = useT();
  const f = useFormats();
  const time = useWhen();
  const { data, isLoading } = useUpcomingConsultations();
  const now = useNow();
  return (
    <Container className="pb-12">
      <PageHeader title={t('room.title.list')} />
      {missingId && (
        <div role="alert" className="mb-6 flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-900">
          <AlertTriangle className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
          <div>
            <p className="font-semibold">{t('room.list.invalidTitle')}</p>
            <p className="text-sm">{t('room.list.invalidBody')}</p>
          </div>
        </div>
      )}
      {isLoading ? (
        <div className="grid gap-4 md:grid-cols-2">
          <Skeleton className="h-40" />
          <Skeleton className="h-40" />
        </div>
      ) : !data?.length ? (
        <EmptyState icon={<Video className="h-10 w-10" aria-hidden />} title={t('room.list.empty')}>
          <Link to="/doctors" className={buttonClass('primary')}>
            {t('room.list.findDoctors')}
          </Link>
        </EmptyState>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {data.map((item) => (
            <li key={item.appointmentId}>
              <Card className="flex h-full flex-col gap-4 p-5">
                <div className="flex items-start gap-3">
                  <Avatar
                    firstName={item.doctor.user.firstName}
                    lastName={item.doctor.user.lastName}
                    src={item.doctor.user.profileImageUrl}
                  />
                  <div className="min-w-0 flex-1">
                    <h2 className="font-semibold">{doctorName(item.doctor)}</h2>
                    <p className="text-sm text-muted">{f.specialty(item.doctor.specialty)}</p>
                  </div>
                  <Badge variant="secondary">
                    <TypeIcon type={item.consultationType} />
                    {t(`room.type.${item.consultationType}` as ClientMessageKey)}
                  </Badge>
                </div>
                <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted">
                  <span className="inline-flex items-center gap-1.5">
                    <CalendarDays className="h-4 w-4" aria-hidden />
                    {time.longDate(item.startsAt, localTimeZone())}
                  </span>
                  <span className="inline-flex items-center gap-1.5">
                    <Clock className="h-4 w-4" aria-hidden />
                    {time.time(item.startsAt, localTimeZone(), item.timeZone)}
                  </span>
                </div>
                {joinPhase(item, now) === 'open' ? (
                  <Link
                    to={`/consultation?appointmentId=${item.appointmentId}`}
                    className={`${buttonClass('primary')} mt-auto self-start`}
                  >
                    <Video className="h-4 w-4" aria-hidden />
                    {t('room.list.join')}
                  </Link>
                ) : (
                  <div className="mt-auto">
                    <JoinOpensNote label={t('room.list.join')} />
                  </div>
                )}
              </Card>
            </li>
          ))}
        </ul>
      )}
    </Container>
  );
}
