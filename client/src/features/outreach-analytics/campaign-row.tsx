import { useState } from 'react';
import type { Campaign, CampaignAudiences } from '@common/schemas/analytics';
import { errorMessage } from '../../lib/api';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { toast } from '../../ui/toast-store';
import { useSendCampaign } from './api';
import { compactDate } from '@common/rules/display-time';

export const AUDIENCE_LABELS = { patients: 'Patients', doctors: 'Doctors', all: 'Everyone' } as const;

const people = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'person' : 'people'}`;

/** "Sent Mar 3, 2026 to 412 people · 23 opted out and were left out". */
export function sentText(campaign: Campaign): string {
  const date = compactDate(campaign.sentAt!);
  const left = campaign.optedOutCount ? ` · ${people(campaign.optedOutCount)} opted out and were left out` : '';
  return `Sent ${date} to ${people(campaign.recipientCount ?? 0)}${left}`;
}

/** One campaign: a draft with its Send button (asks first, with the counts), or what its sending reached. */
export function CampaignRow({ campaign, audiences }: { campaign: Campaign; audiences: CampaignAudiences | undefined }) {
  const send = useSendCampaign();
  const [confirming, setConfirming] = useState(false);
  const reach = audiences?.[campaign.audience];
  const handleSend = () =>
    send.mutate(campaign.id, {
      onSuccess: (sent) =>
        toast({
          title: 'Campaign Sent',
          description: `${sent.name} is on its way to ${people(sent.recipientCount ?? 0)}.`,
          variant: 'success',
        }),
      onError: (e) =>
        toast({ title: 'Error', description: errorMessage(e, 'Failed to send campaign'), variant: 'destructive' }),
    });

  return (
    <li className="py-3">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium text-ink">{campaign.name}</span>
        <Badge variant="secondary">{AUDIENCE_LABELS[campaign.audience]}</Badge>
        <Badge variant={campaign.sentAt ? 'success' : 'warning'}>{campaign.sentAt ? 'Sent' : 'Draft'}</Badge>
        <span className="ml-auto text-xs text-muted">{compactDate(campaign.createdAt)}</span>
      </div>
      <p className="mt-1 text-sm whitespace-pre-line text-muted">{campaign.message}</p>
      {campaign.sentAt ? (
        <p className="mt-2 text-sm text-ink">{sentText(campaign)}</p>
      ) : (
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <Button size="sm" disabled={send.isPending || !reach?.recipients} onClick={() => setConfirming(true)}>
            {send.isPending ? 'Sending...' : 'Send'}
          </Button>
          <span className="text-sm text-muted">
            {!reach
              ? 'Counting the audience...'
              : reach.recipients
                ? `Would reach ${people(reach.recipients)}`
                : 'Nobody in this audience accepts marketing e-mail'}
          </span>
        </div>
      )}
      {reach && (
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={`Send "${campaign.name}"?`}
          description={`It goes by e-mail to ${people(reach.recipients)} (${AUDIENCE_LABELS[campaign.audience].toLowerCase()}) who accept marketing e-mail${
            reach.optedOut ? `; ${people(reach.optedOut)} who opted out are left out` : ''
          }. A campaign is sent once and cannot be recalled.`}
          confirmLabel={`Send to ${people(reach.recipients)}`}
          destructive={false}
          onConfirm={handleSend}
        />
      )}
    </li>
  );
}
