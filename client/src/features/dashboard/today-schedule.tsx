import { CalendarX, ClipboardPen, Phone, Video } from 'lucide-react';
import { Link } from 'react-router';
import type { ConsultationType } from '@common/constants/consultation-types';
import type { ClientMessageKey } from '@common/i18n/keys';
import { canJoinVisit, joinPhase } from '@common/rules/join-window';
import type { Appointment } from '@common/schemas/appointments';
import { isJoinableStatus } from '../../lib/appointment-status';
import { textsFor } from '../../lib/i18n/areas';
import { useWhen } from '../../lib/i18n/use-when';
import { usePatientPrechecks } from '../../lib/patient-prechecks';
import { useNow } from '../../lib/use-now';
import { Avatar } from '../../ui/avatar';
import { Badge } from '../../ui/badge';
import { buttonClass } from '../../ui/button-class';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { JoinOpensNote } from '../../ui/join-opens-note';
import { PrecheckSummary } from '../../ui/precheck-summary';
import { Skeleton } from '../../ui/spinner';

const useT = textsFor('dashboard');

const TYPE_LABELS: Record<ConsultationType, ClientMessageKey> = {
  video: 'dashboard.today.type.video',
  voice: 'dashboard.today.type.voice',
  'in-person': 'dashboard.today.type.inPerson',
};

const joinLabel = (type: ConsultationType): ClientMessageKey =>
  type === 'voice' ? 'dashboard.today.joinVoice' : 'dashboard.today.join';

export function TodaySchedule({
  appointments,
  isLoading,
  timeZone,
}: {
  appointments: Appointment[] | undefined;
  isLoading: boolean;
  timeZone: string;
}) {
  const now = useNow();
  const prechecks = usePatientPrechecks();
  const t = useT();
  const dates = useWhen();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('dashboard.today.title')}</CardTitle>
        <CardDescription>{t('dashboard.today.zone', { zone: dates.zoneName(timeZone) })}</CardDescription>
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <div className="flex flex-col gap-2">
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-16 w-full" />
          </div>
        ) : !appointments?.length ? (
          <div className="flex flex-col items-center gap-2 py-8 text-center text-muted">
            <CalendarX className="h-8 w-8 text-slate-400" aria-hidden />
            <p>{t('dashboard.today.empty')}</p>
          </div>
        ) : (
          <ul className="flex flex-col divide-y divide-line" aria-label={t('dashboard.today.list')}>
            {appointments.map((a) => (
              <li key={a.id} className="flex flex-wrap items-center gap-3 py-3">
                <span className="w-20 shrink-0 font-semibold text-ink">{dates.slotTime(a.startsAt, timeZone)}</span>
                <Avatar
                  firstName={a.patient.firstName}
                  lastName={a.patient.lastName}
                  src={a.patient.profileImageUrl}
                  className="h-9 w-9 text-xs"
                />
                <div className="min-w-[9rem] flex-1">
                  <p className="truncate font-medium text-ink">
                    {a.patient.firstName} {a.patient.lastName}
                  </p>
                  <p className="truncate text-sm text-muted">{a.reasonForVisit}</p>
                  {prechecks.has(a.id) && (
                    <PrecheckSummary result={prechecks.get(a.id)!} consultationType={a.consultationType} />
                  )}
                </div>
                <Badge variant="secondary">{t(TYPE_LABELS[a.consultationType])}</Badge>
                {/* A patient's unpaid hold: it may still lapse or be released. */}
                {a.status === 'pending' && <Badge variant="warning">{t('dashboard.today.held')}</Badge>}
                {/* Every remote visit is joined here, voice as well as video, as on every other screen. */}
                {canJoinVisit(a, now) && (
                  <Link to={`/consultation?appointmentId=${a.id}`} className={buttonClass('primary', 'sm')}>
                    {a.consultationType === 'voice' ? (
                      <Phone className="h-4 w-4" aria-hidden />
                    ) : (
                      <Video className="h-4 w-4" aria-hidden />
                    )}{' '}
                    {t(joinLabel(a.consultationType))}
                  </Link>
                )}
                {a.consultationType !== 'in-person' &&
                  isJoinableStatus(a.status) &&
                  joinPhase(a, now) === 'not-yet' && <JoinOpensNote label={t(joinLabel(a.consultationType))} />}
                {(a.status === 'completed' || (a.consultationType === 'in-person' && isJoinableStatus(a.status))) && (
                  <Link to={`/visit-notes/${a.id}`} className={buttonClass('outline', 'sm')}>
                    <ClipboardPen className="h-4 w-4" aria-hidden /> {t('dashboard.today.notes')}
                  </Link>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
