import { Copy, Gift, Mail, Share2, Stethoscope, UserRound, Wallet } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import {
  REFERRAL_HOLD_DAYS,
  REFERRAL_REWARD_CENTS,
  REFERRAL_TYPES,
  type ReferralType,
} from '@common/constants/referrals';
import { formatMoney } from '@common/rules/fees';
import { compactDate } from '@common/rules/display-time';
import { createReferralSchema, type Referral } from '@common/schemas/referrals';
import { ApiError } from '../../lib/api';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { Field, Input, Select } from '../../ui/input';
import { Container, EmptyState, PageHeader } from '../../ui/page';
import { Skeleton } from '../../ui/spinner';
import { toast } from '../../ui/toast-store';
import { useReferrals, useReferralSummary, useSendReferral, useWallet } from './api';
import { referralFailureText } from './referral-messages';
import { WalletActivityCard } from './wallet-activity';

const TYPE_LABEL: Record<ReferralType, string> = { patient: 'Patient', doctor: 'Doctor' };
const WHEN: Record<ReferralType, string> = {
  patient: 'once their first consultation has taken place',
  doctor: 'once they have held their first paid consultation',
};

export function ReferralsPage() {
  return (
    <Container className="flex max-w-5xl flex-col gap-6">
      <PageHeader title="Referral Program" subtitle="Invite patients and doctors to Medora and earn wallet credit." />
      <RewardCards />
      <div className="grid gap-6 lg:grid-cols-2">
        <ShareLinkCard />
        <SendReferralCard />
      </div>
      <ReferralList />
      <WalletActivityCard />
      <HowItWorks />
    </Container>
  );
}

function RewardCards() {
  const summary = useReferralSummary();
  // The activity list's own figure, so the card and the list below it never disagree.
  const wallet = useWallet();
  const balance = wallet.data?.balance ?? summary.data?.walletBalance;
  const cards = [
    {
      icon: UserRound,
      title: 'Refer a Patient',
      value: formatMoney(REFERRAL_REWARD_CENTS.patient),
      text: `Earned ${WHEN.patient}.`,
    },
    {
      icon: Stethoscope,
      title: 'Refer a Doctor',
      value: formatMoney(REFERRAL_REWARD_CENTS.doctor),
      text: `Earned ${WHEN.doctor}.`,
    },
    {
      icon: Wallet,
      title: 'Wallet Balance',
      value: balance === undefined ? '—' : formatMoney(balance),
      text: summary.data
        ? `${formatMoney(summary.data.totalEarned)} earned in total. Spend it at checkout.`
        : 'Loading...',
    },
  ];
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      {cards.map(({ icon: Icon, title, value, text }) => (
        <Card key={title}>
          <CardContent>
            <div className="flex items-start gap-3 pt-5">
              <span className="rounded-lg bg-brand-50 p-2 text-brand-700">
                <Icon className="h-5 w-5" aria-hidden />
              </span>
              <div>
                <p className="text-sm text-muted">{title}</p>
                {/* A figure, not a paragraph posing as a heading (axe p-as-heading). */}
                <div
                  className="text-2xl font-semibold text-ink"
                  data-testid={title === 'Wallet Balance' ? 'wallet-balance' : undefined}
                >
                  {value}
                </div>
                <p className="mt-1 text-xs text-muted">{text}</p>
              </div>
            </div>
          </CardContent>
        </Card>
      ))}
    </div>
  );
}

function ShareLinkCard() {
  const summary = useReferralSummary();
  const link = summary.data ? `${window.location.origin}/signup?ref=${summary.data.referralCode}` : '';
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      toast({ title: 'Link Copied!', description: 'Share this link to earn referral rewards.', variant: 'success' });
    } catch {
      toast({ title: 'Copy Failed', description: 'Select the link and copy it yourself.', variant: 'destructive' });
    }
  };
  const share = async () => {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: 'Join me on Medora', text: 'See a doctor online with Medora.', url: link });
        return;
      } catch (error) {
        if ((error as Error).name === 'AbortError') return;
      }
    }
    await copy();
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your Referral Link</CardTitle>
        <CardDescription>Anyone who signs up through this link counts as your referral.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {summary.isPending ? (
          <Skeleton className="h-10 w-full" />
        ) : (
          <Input readOnly value={link} aria-label="Your referral link" onFocus={(e) => e.target.select()} />
        )}
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => void copy()} disabled={!link}>
            <Copy className="h-4 w-4" aria-hidden /> Copy Link
          </Button>
          <Button variant="outline" onClick={() => void share()} disabled={!link}>
            <Share2 className="h-4 w-4" aria-hidden /> Share
          </Button>
        </div>
        {summary.data && <p className="text-xs text-muted">Your code: {summary.data.referralCode}</p>}
      </CardContent>
    </Card>
  );
}

function SendReferralCard() {
  const send = useSendReferral();
  const [email, setEmail] = useState('');
  const [type, setType] = useState<ReferralType | ''>('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !type) {
      toast({
        title: 'Missing Information',
        description: 'Please fill in all required fields.',
        variant: 'destructive',
      });
      return;
    }
    const parsed = createReferralSchema.safeParse({ referredEmail: email, referralType: type });
    if (!parsed.success) {
      toast({ title: 'Invalid Email', description: 'Please enter a valid email address.', variant: 'destructive' });
      return;
    }
    send.mutate(parsed.data, {
      onSuccess: () => {
        toast({
          title: 'Referral Sent Successfully',
          description: `You'll earn ${formatMoney(REFERRAL_REWARD_CENTS[type])} ${WHEN[type]} after they join.`,
          variant: 'success',
        });
        setEmail('');
        setType('');
      },
      onError: (e) =>
        toast({
          title: 'Referral Failed',
          description: referralFailureText(e instanceof ApiError ? e.serverMessage : undefined),
          variant: 'destructive',
        }),
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Send a Referral</CardTitle>
        <CardDescription>We record the invitation; share your link with them too.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label="Send a referral">
          <Field label="Email address *">
            {(p) => (
              <Input
                {...p}
                type="email"
                autoComplete="off"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                placeholder="friend@example.com"
              />
            )}
          </Field>
          <Field label="Referral type *">
            {(p) => (
              <Select {...p} value={type} onChange={(e) => setType(e.target.value as ReferralType | '')}>
                <option value="">Select type</option>
                {REFERRAL_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {TYPE_LABEL[t]} ({formatMoney(REFERRAL_REWARD_CENTS[t])} reward)
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Button type="submit" disabled={send.isPending}>
            <Mail className="h-4 w-4" aria-hidden /> {send.isPending ? 'Sending...' : 'Send Referral'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

const STATUS: Record<
  Referral['status'],
  { label: string; variant: 'warning' | 'success' | 'default' | 'destructive' }
> = {
  pending: { label: 'Pending', variant: 'warning' },
  completed: { label: 'Completed', variant: 'success' },
  // Earned by a completed consultation; it reaches the wallet once the refund window has passed.
  held: { label: 'Reward on hold', variant: 'warning' },
  rewarded: { label: 'Rewarded', variant: 'default' },
  reversed: { label: 'Reversed', variant: 'destructive' },
};

/** What the amount beside a referral is: what it could earn, what it earned, or what was taken back. */
const REWARD_TEXT: Record<Referral['status'], string> = {
  pending: 'Potential reward',
  completed: 'Earned',
  held: 'Earned, on hold:',
  rewarded: 'Earned',
  reversed: 'Taken back:',
};

function ReferralList() {
  const list = useReferrals();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your Referrals</CardTitle>
      </CardHeader>
      <CardContent>
        {list.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : !list.data || list.data.length === 0 ? (
          <EmptyState icon={<Gift className="h-8 w-8" aria-hidden />} title="No referrals yet">
            Share your link or send a referral to start earning.
          </EmptyState>
        ) : (
          <ul className="divide-y divide-line" aria-label="Your referrals">
            {list.data.map((r) => (
              <li key={r.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p className="truncate font-medium text-ink">{r.referredEmail}</p>
                  <p className="text-xs text-muted">
                    {TYPE_LABEL[r.referralType]} referral · {compactDate(r.createdAt)}
                  </p>
                </div>
                <div className="flex items-center gap-3 text-sm">
                  <span className="text-muted">
                    {REWARD_TEXT[r.status]} {formatMoney(r.rewardAmount)}
                  </span>
                  <Badge variant={STATUS[r.status].variant}>{STATUS[r.status].label}</Badge>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function HowItWorks() {
  const steps = [
    ['Share your link', 'Copy your personal link or send an invitation by e-mail.'],
    ['They join Medora', 'Your friend signs up through your link as a patient or a doctor.'],
    [
      'You earn credit',
      `${formatMoney(REFERRAL_REWARD_CENTS.patient)} ${WHEN.patient}; ${formatMoney(REFERRAL_REWARD_CENTS.doctor)} for a doctor ${WHEN.doctor}.`,
    ],
    [
      'Spend it',
      `Credit reaches your wallet ${REFERRAL_HOLD_DAYS} days after that consultation (it is taken back if the consultation is refunded) and pays for your own consultations at checkout.`,
    ],
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>How It Works</CardTitle>
      </CardHeader>
      <CardContent>
        <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {steps.map(([title, text], i) => (
            <li key={title} className="flex gap-3">
              <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-semibold text-white">
                {i + 1}
              </span>
              <div>
                <p className="font-medium text-ink">{title}</p>
                <p className="text-sm text-muted">{text}</p>
              </div>
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
