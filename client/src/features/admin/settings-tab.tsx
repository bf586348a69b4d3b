import { useEffect, useState, type FormEvent } from 'react';
import { EMAIL_EVENT_GROUPS, type EmailEvent } from '@common/constants/admin';
import type { PlatformSettings } from '@common/schemas/platform-settings';
import { ApiError, errorMessage } from '../../lib/api';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Field, Input } from '../../ui/input';
import { Spinner } from '../../ui/spinner';
import { toast } from '../../ui/toast-store';
import { useSaveSettings, useSettings } from './api';
import { EmailEventsDialog } from './email-events-dialog';
import { momentText } from '@common/rules/display-time';

type Form = { fee: string; min: string; max: string; autoVerify: string; emailEvents: EmailEvent[] };

const toForm = (s: PlatformSettings): Form => ({
  fee: String(s.platformFeePercent),
  min: String(s.minConsultationFee / 100),
  max: String(s.maxConsultationFee / 100),
  autoVerify: s.autoVerifyThreshold === null ? '' : String(s.autoVerifyThreshold),
  emailEvents: s.emailEvents,
});

const number = (text: string) => (text.trim() === '' ? NaN : Number(text));

export function SettingsTab() {
  const settings = useSettings();
  const save = useSaveSettings();
  const [form, setForm] = useState<Form | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    if (settings.data) setForm(toForm(settings.data));
  }, [settings.data]);

  if (settings.isError)
    return (
      <p role="alert" className="text-danger">
        {errorMessage(settings.error, 'Failed to load settings.')}
      </p>
    );
  if (!form) return <Spinner className="mx-auto h-6 w-6" />;

  const set = (key: keyof Form) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setForm({ ...form, [key]: e.target.value });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    save.mutate(
      {
        platformFeePercent: number(form.fee),
        minConsultationFee: Math.round(number(form.min) * 100),
        maxConsultationFee: Math.round(number(form.max) * 100),
        autoVerifyThreshold: form.autoVerify.trim() === '' ? null : number(form.autoVerify),
        emailEvents: form.emailEvents,
      },
      {
        onSuccess: (saved) => {
          setForm(toForm(saved));
          toast({
            title: 'Settings Saved',
            description: `Platform fee ${saved.platformFeePercent}%; fees $${saved.minConsultationFee / 100}–$${saved.maxConsultationFee / 100}.`,
            variant: 'success',
          });
        },
        onError: (e) => {
          if (e instanceof ApiError && e.fields) setErrors(e.fields);
          toast({ title: 'Error', description: errorMessage(e, 'Failed to save settings'), variant: 'destructive' });
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4 lg:grid-cols-2">
      <Card className="flex flex-col gap-4 p-5">
        <h2 className="text-lg font-semibold text-ink">Platform Settings</h2>
        <Field
          label="Platform fee (%)"
          error={errors.platformFeePercent}
          hint="Commission on every new paid consultation."
        >
          {(p) => <Input {...p} type="number" min={0} max={50} step={1} value={form.fee} onChange={set('fee')} />}
        </Field>
        <div className="grid grid-cols-2 gap-3">
          <Field label="Minimum consultation fee ($)" error={errors.minConsultationFee}>
            {(p) => <Input {...p} type="number" min={1} step={0.01} value={form.min} onChange={set('min')} />}
          </Field>
          <Field label="Maximum consultation fee ($)" error={errors.maxConsultationFee}>
            {(p) => <Input {...p} type="number" min={1} step={0.01} value={form.max} onChange={set('max')} />}
          </Field>
        </div>
        <Field
          label="Auto-verify threshold (%)"
          error={errors.autoVerifyThreshold}
          hint="Published profiles at or above this completeness are verified automatically. Leave blank to turn off."
        >
          {(p) => (
            <Input
              {...p}
              type="number"
              min={70}
              max={100}
              step={1}
              placeholder="Off"
              value={form.autoVerify}
              onChange={set('autoVerify')}
            />
          )}
        </Field>
      </Card>
      <Card className="flex flex-col gap-3 p-5">
        <h2 className="text-lg font-semibold text-ink">Email Notifications</h2>
        {EMAIL_EVENT_GROUPS.map((group) => (
          <EmailEventsDialog
            key={group.key}
            group={group}
            selected={form.emailEvents}
            onChange={(emailEvents) => setForm({ ...form, emailEvents })}
          />
        ))}
        {errors.emailEvents && (
          <p role="alert" className="text-xs text-danger">
            {errors.emailEvents}
          </p>
        )}
      </Card>
      <div className="flex items-center justify-end gap-3 lg:col-span-2">
        {settings.data?.updatedAt && (
          <span className="text-xs text-muted">Last saved {momentText(settings.data.updatedAt)}</span>
        )}
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Settings'}
        </Button>
      </div>
    </form>
  );
}
