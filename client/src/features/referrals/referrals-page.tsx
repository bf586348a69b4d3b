import { Copy, Gift, Mail, Share2, Stethoscope, UserRound, Wallet } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import {
  REFERRAL_HOLD_DAYS,
  REFERRAL_REWARD_CENTS,
  REFERRAL_TYPES,
  type ReferralType,
} from '@common/constants/referrals';
import type { ClientMessageKey } from '@common/i18n/keys';
import { createReferralSchema, type Referral } from '@common/schemas/referrals';
import { ApiError } from '../../lib/api';
import { textsFor } from '../../lib/i18n/areas';
import { useFormats } from '../../lib/i18n/use-formats';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { Field, Input, Select } from '../../ui/input';
import { Container, EmptyState, PageHeader } from '../../ui/page';
import { Skeleton } from '../../ui/spinner';
import { toast } from '../../ui/toast-store';
import { useReferrals, useReferralSummary, useSendReferral, useWallet } from './api';
import { referralFailureText } from './referral-messages';
import { useIntlShape } from '../../lib/i18n/use-t';
import { WalletActivityCard } from './wallet-activity';

const useT = textsFor('referrals');

export function ReferralsPage() {
  const t = useT();
  return (
    <Container className="flex max-w-5xl flex-col gap-6">
      <PageHeader title={t('referrals.title')} subtitle={t('referrals.subtitle')} />
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
  const t = useT();
  const f = useFormats();
  const cards = [
    {
      id: 'patient',
      icon: UserRound,
      title: t('referrals.card.patient'),
      value: f.money(REFERRAL_REWARD_CENTS.patient),
      text: t('referrals.card.patientText'),
    },
    {
      id: 'doctor',
      icon: Stethoscope,
      title: t('referrals.card.doctor'),
      value: f.money(REFERRAL_REWARD_CENTS.doctor),
      text: t('referrals.card.doctorText'),
    },
    {
      id: 'wallet',
      icon: Wallet,
      title: t('referrals.card.wallet'),
      value: balance === undefined ? '—' : f.money(balance),
      text: summary.data
        ? t('referrals.card.walletText', { amount: f.money(summary.data.totalEarned) })
        : t('referrals.loading'),
    },
  ];
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      {cards.map(({ id, icon: Icon, title, value, text }) => (
        <Card key={id}>
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
                  data-testid={id === 'wallet' ? 'wallet-balance' : undefined}
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
  const t = useT();
  const intl = useIntlShape();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      toast({ title: t('referrals.link.copied'), description: t('referrals.link.copiedText'), variant: 'success' });
    } catch {
      toast({
        title: t('referrals.link.copyFailed'),
        description: t('referrals.link.copyFailedText'),
        variant: 'destructive',
      });
    }
  };
  const share = async () => {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({
          title: t('referrals.link.shareTitle'),
          text: t('referrals.link.shareText'),
          url: link,
        });
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
        <CardTitle>{t('referrals.link.title')}</CardTitle>
        <CardDescription>{t('referrals.link.text')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {summary.isPending ? (
          <Skeleton className="h-10 w-full" />
        ) : (
          <Input
            readOnly
            dir="ltr"
            value={link}
            aria-label={t('referrals.link.label')}
            onFocus={(e) => e.target.select()}
          />
        )}
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => void copy()} disabled={!link}>
            <Copy className="h-4 w-4" aria-hidden /> {t('referrals.link.copy')}
          </Button>
          <Button variant="outline" onClick={() => void share()} disabled={!link}>
            <Share2 className="h-4 w-4" aria-hidden /> {t('referrals.link.share')}
          </Button>
        </div>
        {summary.data && (
          <p className="text-xs text-muted">
            {intl.formatMessage(
              { id: 'referrals.link.code' },
              { code: summary.data.referralCode, c: (chunks) => <span dir="ltr">{chunks}</span> },
            )}
          </p>
        )}
      </CardContent>
    </Card>
  );
}

function SendReferralCard() {
  const send = useSendReferral();
  const [email, setEmail] = useState('');
  const [type, setType] = useState<ReferralType | ''>('');
  const t = useT();
  const f = useFormats();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !type) {
      toast({
        title: t('referrals.send.missing'),
        description: t('referrals.send.missingText'),
        variant: 'destructive',
      });
      return;
    }
    const parsed = createReferralSchema.safeParse({ referredEmail: email, referralType: type });
    if (!parsed.success) {
      toast({
        title: t('referrals.send.invalid'),
        description: t('referrals.failure.invalidEmail'),
        variant: 'destructive',
      });
      return;
    }
    send.mutate(parsed.data, {
      onSuccess: () => {
        toast({
          title: t('referrals.send.done'),
          description: t('referrals.send.doneText', { amount: f.money(REFERRAL_REWARD_CENTS[type]), type }),
          variant: 'success',
        });
        setEmail('');
        setType('');
      },
      onError: (e) =>
        toast({
          title: t('referrals.send.failed'),
          description: t(referralFailureText(e instanceof ApiError ? e.serverMessage : undefined)),
          variant: 'destructive',
        }),
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('referrals.send.title')}</CardTitle>
        <CardDescription>{t('referrals.send.text')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label={t('referrals.send.form')}>
          <Field label={t('referrals.send.email')}>
            {(p) => (
              <Input
                {...p}
                type="email"
                autoComplete="off"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                dir="ltr"
                placeholder={t('referrals.send.placeholder')}
              />
            )}
          </Field>
          <Field label={t('referrals.send.type')}>
            {(p) => (
              <Select {...p} value={type} onChange={(e) => setType(e.target.value as ReferralType | '')}>
                <option value="">{t('referrals.send.selectType')}</option>
                {REFERRAL_TYPES.map((option) => (
                  <option key={option} value={option}>
                    {t('referrals.send.option', { type: option, amount: f.money(REFERRAL_REWARD_CENTS[option]) })}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Button type="submit" disabled={send.isPending}>
            <Mail className="h-4 w-4" aria-hidden />{' '}
            {t(send.isPending ? 'referrals.send.pending' : 'referrals.send.submit')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

const STATUS: Record<
  Referral['status'],
  { label: ClientMessageKey; variant: 'warning' | 'success' | 'default' | 'destructive' }
> = {
  pending: { label: 'referrals.status.pending', variant: 'warning' },
  completed: { label: 'referrals.status.completed', variant: 'success' },
  // Earned by a completed consultation; it reaches the wallet once the refund window has passed.
  held: { label: 'referrals.status.held', variant: 'warning' },
  rewarded: { label: 'referrals.status.rewarded', variant: 'default' },
  reversed: { label: 'referrals.status.reversed', variant: 'destructive' },
};

/** What the amount beside a referral is: what it could earn, what it earned, or what was taken back. */
const REWARD_TEXT: Record<Referral['status'], ClientMessageKey> = {
  pending: 'referrals.reward.pending',
  completed: 'referrals.reward.earned',
  held: 'referrals.reward.held',
  rewarded: 'referrals.reward.earned',
  reversed: 'referrals.reward.reversed',
};

/** "Nov 24, 2026", "24 nov 2026": the language's compact date, in the viewer's date order and zone. */
function useCompactDate() {
  const f = useFormats();
  return (at: string) => f.date(at, 'compact');
}

function ReferralList() {
  const list = useReferrals();
  const t = useT();
  const f = useFormats();
  const dateOf = useCompactDate();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('referrals.list.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        {list.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : !list.data || list.data.length === 0 ? (
          <EmptyState icon={<Gift className="h-8 w-8" aria-hidden />} title={t('referrals.list.empty')}>
            {t('referrals.list.emptyText')}
          </EmptyState>
        ) : (
          <ul className="divide-y divide-line" aria-label={t('referrals.list.title')}>
            {list.data.map((r) => (
              <li key={r.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p className="truncate font-medium text-ink">
                    <span dir="ltr">{r.referredEmail}</span>
                  </p>
                  <p className="text-xs text-muted">
                    {t('referrals.list.line', { type: r.referralType, date: dateOf(r.createdAt) })}
                  </p>
                </div>
                <div className="flex items-center gap-3 text-sm">
                  <span className="text-muted">{t(REWARD_TEXT[r.status], { amount: f.money(r.rewardAmount) })}</span>
                  <Badge variant={STATUS[r.status].variant}>{t(STATUS[r.status].label)}</Badge>
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
  const t = useT();
  const f = useFormats();
  const steps = [
    [t('referrals.how.share'), t('referrals.how.shareText')],
    [t('referrals.how.join'), t('referrals.how.joinText')],
    [
      t('referrals.how.earn'),
      t('referrals.how.earnText', {
        patient: f.money(REFERRAL_REWARD_CENTS.patient),
        doctor: f.money(REFERRAL_REWARD_CENTS.doctor),
      }),
    ],
    [t('referrals.how.spend'), t('referrals.how.spendText', { days: REFERRAL_HOLD_DAYS })],
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('referrals.how.title')}</CardTitle>
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
