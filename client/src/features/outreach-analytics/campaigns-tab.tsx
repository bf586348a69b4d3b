import { useState, type FormEvent } from 'react';
import { CAMPAIGN_AUDIENCES } from '@common/constants/admin';
import { ApiError, errorMessage } from '../../lib/api';
import { textsFor } from '../../lib/i18n/areas';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Field, Input, Select, Textarea } from '../../ui/input';
import { toast } from '../../ui/toast-store';
import { useCampaignAudiences, useCampaigns, useCreateCampaign } from './api';
import { AUDIENCE_LABELS, CampaignRow } from './campaign-row';

const useT = textsFor('outreach');

export function CampaignsTab() {
  const t = useT();
  const campaigns = useCampaigns();
  const create = useCreateCampaign();
  const audiences = useCampaignAudiences();
  const [name, setName] = useState('');
  const [audience, setAudience] = useState<(typeof CAMPAIGN_AUDIENCES)[number]>('doctors');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing: Record<string, string> = {};
    if (!name.trim()) missing.name = t('outreach.create.nameRequired');
    if (!message.trim()) missing.message = t('outreach.create.messageRequired');
    setErrors(missing);
    if (Object.keys(missing).length) return;
    create.mutate(
      { name, audience, message },
      {
        onSuccess: (c) => {
          setName('');
          setMessage('');
          toast({
            title: t('outreach.create.saved'),
            description: t('outreach.create.savedText', { name: c.name }),
            variant: 'success',
          });
        },
        onError: (e) => {
          if (e instanceof ApiError && e.fields) setErrors(e.fields);
          toast({
            title: t('outreach.error'),
            description: errorMessage(e, t('outreach.create.failed')),
            variant: 'destructive',
          });
        },
      },
    );
  };

  return (
    <div className="grid gap-4 lg:grid-cols-[22rem_1fr]">
      <Card className="p-5">
        <h3 className="text-base font-semibold text-ink">{t('outreach.create.title')}</h3>
        <p className="mt-1 mb-3 text-sm text-muted">{t('outreach.create.intro')}</p>
        <form onSubmit={submit} noValidate className="flex flex-col gap-3">
          <Field label={t('outreach.create.name')} error={errors.name}>
            {(p) => <Input {...p} value={name} maxLength={120} onChange={(e) => setName(e.target.value)} />}
          </Field>
          <Field label={t('outreach.create.audience')} error={errors.audience}>
            {(p) => (
              <Select {...p} value={audience} onChange={(e) => setAudience(e.target.value as typeof audience)}>
                {CAMPAIGN_AUDIENCES.map((a) => (
                  <option key={a} value={a}>
                    {t(AUDIENCE_LABELS[a])}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label={t('outreach.create.message')} error={errors.message}>
            {(p) => (
              <Textarea {...p} rows={4} value={message} maxLength={2000} onChange={(e) => setMessage(e.target.value)} />
            )}
          </Field>
          <Button type="submit" disabled={create.isPending}>
            {t(create.isPending ? 'outreach.create.saving' : 'outreach.create.save')}
          </Button>
        </form>
      </Card>
      <Card className="p-5">
        <h3 className="mb-3 text-base font-semibold text-ink">{t('outreach.tabs.campaigns')}</h3>
        {campaigns.data?.length ? (
          <ul className="divide-y divide-line">
            {campaigns.data.map((c) => (
              <CampaignRow key={c.id} campaign={c} audiences={audiences.data} />
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted">
            {t(campaigns.isPending ? 'outreach.loading' : 'outreach.campaigns.empty')}
          </p>
        )}
      </Card>
    </div>
  );
}
