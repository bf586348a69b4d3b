import type { AppointmentFamilyMember } from '@common/schemas/family';
import { BOOKED_BY_KEY, birthInstant, memberName } from '../lib/family-members';
import { textsFor } from '../lib/i18n/areas';
import { useWhen } from '../lib/i18n/use-when';

const useT = textsFor('family');

type Person = { firstName: string; lastName: string };

/**
 * For the doctor: the visit is a family member's — their own name and date of birth first, then
 * who booked it ("booked by their parent, Ana García"). Nothing for the holder's own visit.
 */
export function BookedFor({ member, holder }: { member: AppointmentFamilyMember | null | undefined; holder: Person }) {
  // The holder's own visit loads no texts: most visits are not for a family member.
  return member ? <BookedForLine member={member} holder={holder} /> : null;
}

function BookedForLine({ member, holder }: { member: AppointmentFamilyMember; holder: Person }) {
  const t = useT();
  const time = useWhen();
  return (
    <p className="text-sm">
      <span className="font-medium">
        {t('family.patientBorn', {
          name: memberName(member),
          date: time.dayDate(birthInstant(member.dateOfBirth), 'UTC'),
        })}
      </span>{' '}
      <span className="text-muted">
        ({t(BOOKED_BY_KEY[member.relationship], { holder: `${holder.firstName} ${holder.lastName}` })})
      </span>
    </p>
  );
}

/** For the holder's own lists: "For Maya". Nothing for their own visit. */
export function ForMember({ member }: { member: AppointmentFamilyMember | null | undefined }) {
  return member ? <ForMemberLine member={member} /> : null;
}

function ForMemberLine({ member }: { member: AppointmentFamilyMember }) {
  const t = useT();
  return <p className="text-sm font-medium text-brand-700">{t('family.forName', { name: member.firstName })}</p>;
}
