import { format, parseISO } from 'date-fns';
import { CONSULTATION_TYPE_LABELS } from '@common/constants/consultation-types';
import type { Consultation } from '@common/schemas/consultations';
import { formatMoney } from '@common/rules/fees';
import { Avatar } from '../../ui/avatar';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card';

/** The room's side card: the other participant, with date, time, type and fee. */
export function ParticipantCard({ consultation, role }: { consultation: Consultation; role: 'doctor' | 'patient' }) {
  const other = role === 'doctor' ? consultation.patient : consultation.doctor.user;
  const name = role === 'doctor' ? `${other.firstName} ${other.lastName}` : `Dr. ${other.firstName} ${other.lastName}`;
  const a = consultation.appointment;
  const rows = [
    ['Date', format(parseISO(a.appointmentDate), 'EEEE, MMMM d, yyyy')],
    ['Time', a.appointmentTime],
    ['Type', CONSULTATION_TYPE_LABELS[a.consultationType]],
    ['Fee', formatMoney(a.fee)],
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{role === 'doctor' ? 'Patient Information' : 'Doctor Information'}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="flex items-center gap-3">
          <Avatar firstName={other.firstName} lastName={other.lastName} src={other.profileImageUrl} />
          <div>
            <p className="font-medium">{name}</p>
            {role === 'patient' && <p className="text-sm text-muted">{consultation.doctor.specialty}</p>}
          </div>
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted">{label}</dt>
              <dd className="text-right font-medium">{value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
