import { useEffect, useState, type FormEvent } from 'react';
import { EMAIL_EVENT_GROUPS, type EmailEvent } from '@common/constants/admin';
import type { PlatformSettings } from '@common/schemas/platform-settings';
import { centsToDollars, typedCents } from '@common/rules/money';
import { ApiError, errorMessage } from '../../lib/api';
import { textsFor } from '../../lib/i18n/areas';
import { useWhen } from '../../lib/i18n/use-when';
import { useFormats } from '../../lib/i18n/use-formats';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Field, Input } from '../../ui/input';
import { Spinner } from '../../ui/spinner';
import { toast } from '../../ui/toast-store';
import { useSaveSettings, useSettings } from './api';
import { EmailEventsDialog } from './email-events-dialog';

const useT = textsFor('admin');

type Form = { fee: string; min: string; max: string; autoVerify: string; emailEvents: EmailEvent[] };

const toForm = (s: PlatformSettings): Form => ({
  fee: String(s.platformFeePercent),
  min: centsToDollars(s.minConsultationFee),
  max: centsToDollars(s.maxConsultationFee),
  autoVerify: s.autoVerifyThreshold === null ? '' : String(s.autoVerifyThreshold),
  emailEvents: s.emailEvents,
});

const number = (text: string) => (text.trim() === '' ? NaN : Number(text));

export function SettingsTab() {
  const t = useT();
  const f = useFormats();
  const dates = useWhen();
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
        {errorMessage(settings.error, t('admin.settings.loadFailed'))}
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
        minConsultationFee: typedCents(form.min),
        maxConsultationFee: typedCents(form.max),
        autoVerifyThreshold: form.autoVerify.trim() === '' ? null : number(form.autoVerify),
        emailEvents: form.emailEvents,
      },
      {
        onSuccess: (saved) => {
          setForm(toForm(saved));
          toast({
            title: t('admin.settings.saved'),
            description: t('admin.settings.savedText', {
              fee: f.number(saved.platformFeePercent / 100, { style: 'percent', maximumFractionDigits: 2 }),
              min: f.money(saved.minConsultationFee),
              max: f.money(saved.maxConsultationFee),
            }),
            variant: 'success',
          });
        },
        onError: (e) => {
          if (e instanceof ApiError && e.fields) setErrors(e.fields);
          toast({
            title: t('admin.error'),
            description: errorMessage(e, t('admin.settings.saveFailed')),
            variant: 'destructive',
          });
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4 lg:grid-cols-2">
      <Card className="flex flex-col gap-4 p-5">
        <h2 className="text-lg font-semibold text-ink">{t('admin.settings.platform')}</h2>
        <Field label={t('admin.settings.fee')} error={errors.platformFeePercent} hint={t('admin.settings.feeHint')}>
          {(p) => <Input {...p} type="number" min={0} max={50} step={1} value={form.fee} onChange={set('fee')} />}
        </Field>
        <div className="grid grid-cols-2 gap-3">
          <Field label={t('admin.settings.min')} error={errors.minConsultationFee}>
            {(p) => <Input {...p} type="number" min={1} step={0.01} value={form.min} onChange={set('min')} />}
          </Field>
          <Field label={t('admin.settings.max')} error={errors.maxConsultationFee}>
            {(p) => <Input {...p} type="number" min={1} step={0.01} value={form.max} onChange={set('max')} />}
          </Field>
        </div>
        <Field
          label={t('admin.settings.autoVerify')}
          error={errors.autoVerifyThreshold}
          hint={t('admin.settings.autoVerifyHint')}
        >
          {(p) => (
            <Input
              {...p}
              type="number"
              min={70}
              max={100}
              step={1}
              placeholder={t('admin.settings.off')}
              value={form.autoVerify}
              onChange={set('autoVerify')}
            />
          )}
        </Field>
      </Card>
      <Card className="flex flex-col gap-3 p-5">
        <h2 className="text-lg font-semibold text-ink">{t('admin.settings.emailNotifications')}</h2>
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
          <span className="text-xs text-muted">
            {t('admin.settings.lastSaved', { when: dates.moment(settings.data.updatedAt) })}
          </span>
        )}
        <Button type="submit" disabled={save.isPending}>
          {t(save.isPending ? 'admin.settings.saving' : 'admin.settings.save')}
        </Button>
      </div>
    </form>
  );
}
