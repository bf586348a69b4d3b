import { CalendarDays, Mail, ShieldCheck, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { useCurrentUser } from '../../lib/current-user';
import { textsFor } from '../../lib/i18n/areas';
import { USER_TYPE_KEY } from '../../lib/user-type-labels';
import { Avatar } from '../../ui/avatar';
import { Badge } from '../../ui/badge';
import { buttonClass } from '../../ui/button-class';
import { Card } from '../../ui/card';
import { Container, PageHeader } from '../../ui/page';
import { AccessLogCard } from './access-log-card';
import { ChangeEmailCard } from './change-email-card';
import { ChangePasswordCard } from './change-password-card';
import { CalendarFeedCard } from './calendar-feed-card';
import { DemoInboxCard } from './demo-inbox-card';
import { LanguageCard } from './language-card';
import { PatientRecordCard } from './patient-record-card';
import { PushDevicesCard } from './push-devices-card';
import { SessionsCard } from './sessions-card';
import { TimeZoneCard } from './time-zone-card';
import { TwoFactorCard } from './two-factor-card';
import { YourDataCard } from './your-data-card';
import { FamilyMembersCard } from './family-members-card';
import { useWhen } from '../../lib/i18n/use-when';

const useT = textsFor('account');

/** The signed-in person's account: who they are to Medora and where their work lives. */
export function ProfilePage() {
  const { user } = useCurrentUser();
  const t = useT();
  const time = useWhen();
  if (!user) return null;
  const rows = [
    { icon: Mail, label: t('account.profile.email'), value: user.email, ltr: true },
    { icon: UserRound, label: t('account.profile.accountType'), value: t(USER_TYPE_KEY[user.userType]) },
    { icon: CalendarDays, label: t('account.profile.memberSince'), value: time.dayDate(user.createdAt) },
  ];
  return (
    <Container className="flex max-w-3xl flex-col gap-6">
      <PageHeader title={t('account.profile.title')} subtitle={t('account.profile.subtitle')} />
      <Card>
        {/* No header above: the padding is the same on every side (CardContent has none on top). */}
        <div className="flex flex-col gap-6 p-5 sm:p-6">
          <div className="flex items-center gap-4">
            <Avatar
              firstName={user.firstName}
              lastName={user.lastName}
              src={user.profileImageUrl}
              className="h-16 w-16 text-lg"
            />
            <div>
              <p className="text-xl font-semibold">
                {user.firstName} {user.lastName}
              </p>
              <Badge variant={user.isVerified ? 'success' : 'secondary'} className="mt-1">
                <ShieldCheck className="me-1 h-3 w-3" aria-hidden />
                {user.isVerified ? t('account.profile.verified') : t('account.profile.notVerified')}
              </Badge>
            </div>
          </div>
          <dl className="grid gap-4 sm:grid-cols-3">
            {rows.map(({ icon: Icon, label, value, ltr }) => (
              <div key={label} className="rounded-lg bg-surface p-3">
                <dt className="flex items-center gap-1.5 text-xs font-medium text-muted">
                  <Icon className="h-3.5 w-3.5" aria-hidden />
                  {label}
                </dt>
                <dd className="mt-1 break-words text-sm font-medium">{ltr ? <span dir="ltr">{value}</span> : value}</dd>
              </div>
            ))}
          </dl>
          <div className="flex flex-wrap gap-2">
            {user.userType === 'doctor' ? (
              <>
                <Link to="/profile-builder" className={buttonClass('primary')}>
                  {t('account.profile.editDoctorProfile')}
                </Link>
                <Link to="/dashboard" className={buttonClass('outline')}>
                  {t('shell.nav.dashboard')}
                </Link>
              </>
            ) : (
              <Link to="/appointments" className={buttonClass('primary')}>
                {t('shell.nav.myAppointments')}
              </Link>
            )}
          </div>
        </div>
      </Card>
      <TimeZoneCard user={user} />
      <LanguageCard />
      <CalendarFeedCard />
      {user.userType === 'patient' && <PatientRecordCard />}
      {user.userType === 'patient' && <FamilyMembersCard />}
      {user.userType === 'patient' && <AccessLogCard />}
      <ChangeEmailCard currentEmail={user.email} />
      <ChangePasswordCard />
      <TwoFactorCard />
      <SessionsCard />
      {/* Push is for patients and doctors (GET /api/push/subscriptions); administrators get none. */}
      {user.userType !== 'admin' && <PushDevicesCard />}
      <DemoInboxCard />
      <YourDataCard canDelete={user.userType === 'patient'} />
    </Container>
  );
}
