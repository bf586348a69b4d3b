import { ArrowRight, Check, LogIn, Stethoscope, UserRound } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { ClientMessageKey } from '@common/i18n/keys';
import { DOCTOR_SHARE } from '@common/constants/platform';
import { useDirectoryClaims } from '../../lib/doctor-filters';
import { textsFor } from '../../lib/i18n/areas';
import { rememberReferralCode } from '../../lib/referral-code';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { buttonClass } from '../../ui/button-class';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { Container } from '../../ui/page';
import { Skeleton } from '../../ui/spinner';

const useT = textsFor('auth');

type Choice = {
  icon: LucideIcon;
  title: ClientMessageKey;
  description: ClientMessageKey;
  badge?: ClientMessageKey;
  benefits: ClientMessageKey[];
  to: string;
  cta: ClientMessageKey;
};

/** Benefits that say the directory's figures (useDirectoryClaims), and wait for them. */
const COUNTED = new Set<ClientMessageKey>(['auth.signup.doctor.benefit5']);

const CHOICES: Choice[] = [
  {
    icon: Stethoscope,
    title: 'auth.signup.doctor.title',
    description: 'auth.signup.doctor.description',
    badge: 'auth.signup.doctor.badge',
    benefits: [
      'auth.signup.doctor.benefit1',
      'auth.signup.doctor.benefit2',
      'auth.signup.doctor.benefit3',
      'auth.signup.doctor.benefit4',
      'auth.signup.doctor.benefit5',
    ],
    to: '/join-doctors',
    cta: 'auth.signup.doctor.cta',
  },
  {
    icon: UserRound,
    title: 'auth.signup.patient.title',
    description: 'auth.signup.patient.description',
    benefits: [
      'auth.signup.patient.benefit1',
      'auth.signup.patient.benefit2',
      'auth.signup.patient.benefit3',
      'auth.signup.patient.benefit4',
    ],
    // The account comes first (the profile page asks a signed-out visitor to sign in), then the profile.
    to: '/login?mode=register&role=patient&returnTo=%2Fjoin-patients',
    cta: 'auth.signup.patient.cta',
  },
];

export function SignupPage() {
  const [params] = useSearchParams();
  const ref = params.get('ref');
  const t = useT();
  const claims = useDirectoryClaims();
  // A referral link's code is kept until the account exists, wherever sign-up happens.
  useEffect(() => rememberReferralCode(ref), [ref]);
  return (
    <Container className="py-8 sm:py-12">
      <header className="mx-auto max-w-2xl text-center">
        <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">{t('auth.signup.title')}</h1>
        <p className="mt-3 text-lg text-muted">{t('auth.signup.subtitle')}</p>
      </header>

      <div className="mx-auto mt-8 grid max-w-4xl gap-6 md:grid-cols-2">
        {CHOICES.map(({ icon: Icon, title, description, badge, benefits, to, cta }) => (
          <Card key={to} className="flex h-full flex-col">
            <CardHeader>
              <div className="flex items-center justify-between gap-3">
                <span className="flex h-12 w-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                  <Icon className="h-6 w-6" aria-hidden />
                </span>
                {badge && <Badge variant="success">{t(badge, { share: DOCTOR_SHARE })}</Badge>}
              </div>
              <CardTitle className="mt-3 text-xl">{t(title)}</CardTitle>
              <CardDescription>{t(description)}</CardDescription>
            </CardHeader>
            <CardContent className="flex flex-1 flex-col">
              <ul className="flex-1 space-y-2 text-sm text-ink">
                {benefits.map((benefit) => (
                  <li key={benefit} className="flex items-start gap-2">
                    <Check className="mt-0.5 h-4 w-4 shrink-0 text-success" aria-hidden />
                    {COUNTED.has(benefit) && !claims ? (
                      <Skeleton className="mt-0.5 h-4 w-3/4" />
                    ) : (
                      <span>{t(benefit, { share: DOCTOR_SHARE, ...claims })}</span>
                    )}
                  </li>
                ))}
              </ul>
              <Link to={to} className={buttonClass('primary', 'lg') + ' mt-6 w-full'}>
                {t(cta)}
                <ArrowRight className="h-4 w-4 rtl:-scale-x-100" aria-hidden />
              </Link>
            </CardContent>
          </Card>
        ))}
      </div>

      <div className="mx-auto mt-10 flex max-w-4xl flex-col items-center gap-3 border-t border-line pt-8 text-center sm:flex-row sm:justify-center">
        <p className="text-muted">{t('auth.signup.haveAccount')}</p>
        <Button variant="outline" onClick={() => window.location.assign('/api/login')}>
          <LogIn className="h-4 w-4 rtl:-scale-x-100" aria-hidden />
          {t('auth.signup.signIn')}
        </Button>
      </div>
    </Container>
  );
}
