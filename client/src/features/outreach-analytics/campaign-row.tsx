import { useState } from 'react';
import type { Campaign, CampaignAudiences } from '@common/schemas/analytics';
import { errorMessage } from '../../lib/api';
import { textsFor } from '../../lib/i18n/areas';
import { useWhen } from '../../lib/i18n/use-when';
import type { Translate } from '../../lib/i18n/use-t';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { toast } from '../../ui/toast-store';
import { useSendCampaign } from './api';

const useT = textsFor('outreach');

export const AUDIENCE_LABELS = {
  patients: 'outreach.audience.patients',
  doctors: 'outreach.audience.doctors',
  all: 'outreach.audience.all',
} as const;

/** "Sent Mar 3, 2026 to 412 people · 23 opted out and were left out". */
export function sentText(campaign: Campaign, t: Translate, day: (iso: string) => string): string {
  const sent = t('outreach.campaign.sent', { date: day(campaign.sentAt!), count: campaign.recipientCount ?? 0 });
  return campaign.optedOutCount
    ? `${sent} · ${t('outreach.campaign.leftOut', { count: campaign.optedOutCount })}`
    : sent;
}

/** One campaign: a draft with its Send button (asks first, with the counts), or what its sending reached. */
export function CampaignRow({ campaign, audiences }: { campaign: Campaign; audiences: CampaignAudiences | undefined }) {
  const t = useT();
  const dates = useWhen();
  const send = useSendCampaign();
  const [confirming, setConfirming] = useState(false);
  const reach = audiences?.[campaign.audience];
  const handleSend = () =>
    send.mutate(campaign.id, {
      onSuccess: (sent) =>
        toast({
          title: t('outreach.campaign.sentTitle'),
          description: t('outreach.campaign.sentText', { name: sent.name, count: sent.recipientCount ?? 0 }),
          variant: 'success',
        }),
      onError: (e) =>
        toast({
          title: t('outreach.error'),
          description: errorMessage(e, t('outreach.campaign.sendFailed')),
          variant: 'destructive',
        }),
    });

  return (
    <li className="py-3">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium text-ink">{campaign.name}</span>
        <Badge variant="secondary">{t(AUDIENCE_LABELS[campaign.audience])}</Badge>
        <Badge variant={campaign.sentAt ? 'success' : 'warning'}>
          {t(campaign.sentAt ? 'outreach.campaign.sentBadge' : 'outreach.campaign.draft')}
        </Badge>
        <span className="ms-auto text-xs text-muted">{dates.compactDate(campaign.createdAt)}</span>
      </div>
      <p className="mt-1 text-sm whitespace-pre-line text-muted">{campaign.message}</p>
      {campaign.sentAt ? (
        <p className="mt-2 text-sm text-ink">{sentText(campaign, t, dates.compactDate)}</p>
      ) : (
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <Button size="sm" disabled={send.isPending || !reach?.recipients} onClick={() => setConfirming(true)}>
            {t(send.isPending ? 'outreach.campaign.sending' : 'outreach.campaign.send')}
          </Button>
          <span className="text-sm text-muted">
            {!reach
              ? t('outreach.campaign.counting')
              : reach.recipients
                ? t('outreach.campaign.wouldReach', { count: reach.recipients })
                : t('outreach.campaign.nobody')}
          </span>
        </div>
      )}
      {reach && (
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={t('outreach.campaign.confirmTitle', { name: campaign.name })}
          description={t(reach.optedOut ? 'outreach.campaign.confirmTextOptedOut' : 'outreach.campaign.confirmText', {
            count: reach.recipients,
            audience: t(`outreach.audienceInLine.${campaign.audience}`),
            optedOut: reach.optedOut,
          })}
          confirmLabel={t('outreach.campaign.sendTo', { count: reach.recipients })}
          destructive={false}
          onConfirm={handleSend}
        />
      )}
    </li>
  );
}
