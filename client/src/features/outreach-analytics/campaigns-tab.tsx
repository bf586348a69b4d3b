import { useState, type FormEvent } from 'react';
import { CAMPAIGN_AUDIENCES } from '@common/constants/admin';
import { ApiError, errorMessage } from '../../lib/api';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Field, Input, Select, Textarea } from '../../ui/input';
import { toast } from '../../ui/toast-store';
import { useCampaignAudiences, useCampaigns, useCreateCampaign } from './api';
import { AUDIENCE_LABELS, CampaignRow } from './campaign-row';

export function CampaignsTab() {
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
    if (!name.trim()) missing.name = 'Name is required';
    if (!message.trim()) missing.message = 'Message is required';
    setErrors(missing);
    if (Object.keys(missing).length) return;
    create.mutate(
      { name, audience, message },
      {
        onSuccess: (c) => {
          setName('');
          setMessage('');
          toast({
            title: 'Draft Saved',
            description: `${c.name} is saved as a draft; send it from the list.`,
            variant: 'success',
          });
        },
        onError: (e) => {
          if (e instanceof ApiError && e.fields) setErrors(e.fields);
          toast({ title: 'Error', description: errorMessage(e, 'Failed to create campaign'), variant: 'destructive' });
        },
      },
    );
  };

  return (
    <div className="grid gap-4 lg:grid-cols-[22rem_1fr]">
      <Card className="p-5">
        <h3 className="text-base font-semibold text-ink">Create Campaign</h3>
        <p className="mt-1 mb-3 text-sm text-muted">
          A campaign is saved as a draft and goes out by e-mail only when you send it. People who opted out of marketing
          e-mail are left out.
        </p>
        <form onSubmit={submit} noValidate className="flex flex-col gap-3">
          <Field label="Name" error={errors.name}>
            {(p) => <Input {...p} value={name} maxLength={120} onChange={(e) => setName(e.target.value)} />}
          </Field>
          <Field label="Audience" error={errors.audience}>
            {(p) => (
              <Select {...p} value={audience} onChange={(e) => setAudience(e.target.value as typeof audience)}>
                {CAMPAIGN_AUDIENCES.map((a) => (
                  <option key={a} value={a}>
                    {AUDIENCE_LABELS[a]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label="Message" error={errors.message}>
            {(p) => (
              <Textarea {...p} rows={4} value={message} maxLength={2000} onChange={(e) => setMessage(e.target.value)} />
            )}
          </Field>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Saving...' : 'Save Draft'}
          </Button>
        </form>
      </Card>
      <Card className="p-5">
        <h3 className="mb-3 text-base font-semibold text-ink">Campaigns</h3>
        {campaigns.data?.length ? (
          <ul className="divide-y divide-line">
            {campaigns.data.map((c) => (
              <CampaignRow key={c.id} campaign={c} audiences={audiences.data} />
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted">{campaigns.isPending ? 'Loading...' : 'No campaigns yet.'}</p>
        )}
      </Card>
    </div>
  );
}
