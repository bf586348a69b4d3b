import { ArrowRight, Check, LogIn, Stethoscope, UserRound } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { rememberReferralCode } from '../../lib/referral-code';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { buttonClass } from '../../ui/button-class';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { Container } from '../../ui/page';

type Choice = {
  icon: LucideIcon;
  title: string;
  description: string;
  badge?: string;
  benefits: string[];
  to: string;
  cta: string;
};

const CHOICES: Choice[] = [
  {
    icon: Stethoscope,
    title: 'Join as a Doctor',
    description: 'Offer consultations to patients around the world on your own schedule.',
    badge: '85% revenue share',
    benefits: [
      'Keep 85% of every consultation fee',
      'Set your own fees and working hours',
      'Video, voice and in-person consultations',
      'Dashboard with your schedule, earnings and payouts',
      'Join 2,000+ doctors in 50+ countries',
    ],
    to: '/join-doctors',
    cta: 'Apply as a Doctor',
  },
  {
    icon: UserRound,
    title: 'Join as a Patient',
    description: 'Find a trusted doctor and get care without the waiting room.',
    benefits: [
      'Search verified doctors by specialty, location and fee',
      'Book a time that suits you and pay securely by card',
      'Meet by video or voice call, with chat alongside',
      'Manage or cancel your appointments in one place',
    ],
    to: '/join-patients',
    cta: 'Sign Up as a Patient',
  },
];

export function SignupPage() {
  const [params] = useSearchParams();
  const ref = params.get('ref');
  // A referral link's code is kept until the account exists, wherever sign-up happens.
  useEffect(() => rememberReferralCode(ref), [ref]);
  return (
    <Container className="py-8 sm:py-12">
      <header className="mx-auto max-w-2xl text-center">
        <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">Join Medora</h1>
        <p className="mt-3 text-lg text-muted">Choose how you would like to use Medora.</p>
      </header>

      <div className="mx-auto mt-8 grid max-w-4xl gap-6 md:grid-cols-2">
        {CHOICES.map(({ icon: Icon, title, description, badge, benefits, to, cta }) => (
          <Card key={to} className="flex h-full flex-col">
            <CardHeader>
              <div className="flex items-center justify-between gap-3">
                <span className="flex h-12 w-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                  <Icon className="h-6 w-6" aria-hidden />
                </span>
                {badge && <Badge variant="success">{badge}</Badge>}
              </div>
              <CardTitle className="mt-3 text-xl">{title}</CardTitle>
              <CardDescription>{description}</CardDescription>
            </CardHeader>
            <CardContent className="flex flex-1 flex-col">
              <ul className="flex-1 space-y-2 text-sm text-ink">
                {benefits.map((benefit) => (
                  <li key={benefit} className="flex items-start gap-2">
                    <Check className="mt-0.5 h-4 w-4 shrink-0 text-success" aria-hidden />
                    <span>{benefit}</span>
                  </li>
                ))}
              </ul>
              <Link to={to} className={buttonClass('primary', 'lg') + ' mt-6 w-full'}>
                {cta}
                <ArrowRight className="h-4 w-4" aria-hidden />
              </Link>
            </CardContent>
          </Card>
        ))}
      </div>

      <div className="mx-auto mt-10 flex max-w-4xl flex-col items-center gap-3 border-t border-line pt-8 text-center sm:flex-row sm:justify-center">
        <p className="text-muted">Already have an account?</p>
        <Button variant="outline" onClick={() => window.location.assign('/api/login')}>
          <LogIn className="h-4 w-4" aria-hidden />
          Sign In
        </Button>
      </div>
    </Container>
  );
}
