import { useState, type FormEvent } from 'react';
import { CAMPAIGN_AUDIENCES } from '@common/constants/admin';
import { ApiError, errorMessage } from '../../lib/api';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Field, Input, Select, Textarea } from '../../ui/input';
import { toast } from '../../ui/toast-store';
import { useCampaigns, useCreateCampaign } from './api';

const AUDIENCE_LABELS = { patients: 'Patients', doctors: 'Doctors', all: 'Everyone' } as const;

export function CampaignsTab() {
  const campaigns = useCampaigns();
  const create = useCreateCampaign();
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
          toast({ title: 'Campaign Created', description: `${c.name} was saved.`, variant: 'success' });
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
        <h3 className="mb-3 text-base font-semibold text-ink">Create Campaign</h3>
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
            {create.isPending ? 'Creating...' : 'Create Campaign'}
          </Button>
        </form>
      </Card>
      <Card className="p-5">
        <h3 className="mb-3 text-base font-semibold text-ink">Campaigns</h3>
        {campaigns.data?.length ? (
          <ul className="divide-y divide-line">
            {campaigns.data.map((c) => (
              <li key={c.id} className="py-3">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-medium text-ink">{c.name}</span>
                  <Badge variant="secondary">{AUDIENCE_LABELS[c.audience]}</Badge>
                  <span className="ml-auto text-xs text-muted">
                    {new Date(c.createdAt).toLocaleDateString('en-US')}
                  </span>
                </div>
                <p className="mt-1 text-sm whitespace-pre-line text-muted">{c.message}</p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted">{campaigns.isPending ? 'Loading...' : 'No campaigns yet.'}</p>
        )}
      </Card>
    </div>
  );
}
