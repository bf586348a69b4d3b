import { useQuery } from '@tanstack/react-query';
import { HeartPulse } from 'lucide-react';
import type { ClientMessageKey } from '@common/i18n/keys';
import type { AppointmentFamilyMember } from '@common/schemas/family';
import type { FamilyMemberProfile } from '@common/schemas/family-member-profile';
import { ApiError } from '../../lib/api';
import { memberName, memberProfileQuery } from '../../lib/family-members';
import { textsFor } from '../../lib/i18n/areas';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { Skeleton } from '../../ui/spinner';

const useT = textsFor('family');

const MEDICAL: readonly [keyof FamilyMemberProfile, ClientMessageKey][] = [
  ['allergies', 'family.record.allergies'],
  ['currentMedications', 'family.record.medications'],
  ['medicalHistory', 'family.record.history'],
];

/**
 * For the doctor of a visit booked for a family member (issue 42): the member's own health
 * profile, not the booker's. The server answers it only around a paid visit for the member
 * (policies/family-member-profile.ts); otherwise, or before one is saved, it says there is none to
 * show. Nothing for the booker's own visit.
 */
export function MemberHealthCard({ member }: { member: AppointmentFamilyMember | null | undefined }) {
  return member ? <MemberHealth member={member} /> : null;
}

function MemberHealth({ member }: { member: AppointmentFamilyMember }) {
  const t = useT();
  const profile = useQuery(memberProfileQuery(member.id));
  const name = memberName(member);
  const gone = profile.error instanceof ApiError && profile.error.status === 404;
  return (
    <Card role="region" aria-label={t('family.record.title', { name })}>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <HeartPulse className="h-5 w-5 text-brand-700" aria-hidden /> {t('family.record.title', { name })}
        </CardTitle>
        <CardDescription>{t('family.record.description', { name: member.firstName })}</CardDescription>
      </CardHeader>
      <CardContent>
        {profile.isPending ? (
          <div role="status" aria-busy="true" aria-label={t('family.health.loading')} className="grid gap-2">
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-5 w-1/2" />
          </div>
        ) : profile.data ? (
          <Profile profile={profile.data} />
        ) : profile.isError && !gone ? (
          <div role="alert" className="flex flex-col items-start gap-2">
            <p className="text-sm text-danger">{t('family.health.loadError')}</p>
            <Button variant="outline" size="sm" onClick={() => void profile.refetch()}>
              {t('family.health.retry')}
            </Button>
          </div>
        ) : (
          // 404 (none saved, or outside the visit's window) or, for a holder, null.
          <p className="text-sm text-muted">{t('family.record.none', { name: member.firstName })}</p>
        )}
      </CardContent>
    </Card>
  );
}

function Profile({ profile }: { profile: FamilyMemberProfile }) {
  const t = useT();
  return (
    <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
      {MEDICAL.map(([field, label]) => {
        const value = profile[field];
        return (
          <div key={field} className="min-w-0 sm:col-span-2">
            <dt className="font-medium text-ink">{t(label)}</dt>
            <dd className={value ? 'break-words whitespace-pre-line' : 'text-muted'} dir={value ? 'auto' : undefined}>
              {value || t('family.record.noneRecorded')}
            </dd>
          </div>
        );
      })}
      <div className="min-w-0 sm:col-span-2">
        <dt className="font-medium text-ink">{t('family.record.emergency')}</dt>
        <dd className="break-words">
          <span dir="auto">{profile.emergencyContactName}</span> ·{' '}
          <span dir="ltr" className="whitespace-nowrap">
            {profile.emergencyContactPhone}
          </span>
        </dd>
      </div>
    </dl>
  );
}
