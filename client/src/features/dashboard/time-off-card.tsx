import { CalendarOff, Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { wallClock } from '@common/rules/zoned-time';
import { timeOffRequestSchema } from '@common/schemas/schedule';
import { ApiError, errorMessage } from '../../lib/api';
import { textsFor } from '../../lib/i18n/areas';
import { useFormats } from '../../lib/i18n/use-formats';
import { useWhen } from '../../lib/i18n/use-when';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { Field, Input, useSchemaMessage } from '../../ui/input';
import { Skeleton } from '../../ui/spinner';
import { toast } from '../../ui/toast-store';
import { useAddTimeOff, useRemoveTimeOff, useTimeOff } from './api';
import { timeOffRequest, timeOffText, type TimeOffForm } from './time-off-range';

const useT = textsFor('dashboard', 'fields');

/** The entry's days and times in the viewer's language. */
function useTimeOffText(timeZone: string) {
  const t = useT();
  const { language } = useFormats();
  return (entry: Parameters<typeof timeOffText>[0]) =>
    timeOffText(entry, timeZone, language, (day) => t('dashboard.timeOff.allDay', { day }));
}

const emptyForm = (today: string): TimeOffForm => ({
  fromDate: today,
  toDate: today,
  allDay: true,
  fromTime: '09:00',
  toTime: '13:00',
  label: '',
});

/** Holidays, conferences and other absences: every slot they touch is hidden from patients. */
export function TimeOffCard({ timeZone }: { timeZone: string }) {
  const list = useTimeOff();
  const remove = useRemoveTimeOff();
  const [adding, setAdding] = useState(false);
  const t = useT();
  const textOf = useTimeOffText(timeZone);

  const handleRemove = (id: string, what: string) =>
    remove.mutate(id, {
      onSuccess: () => toast({ title: t('dashboard.timeOff.removed'), description: what, variant: 'success' }),
      onError: (e) =>
        toast({
          title: t('dashboard.error'),
          description: errorMessage(e, t('dashboard.timeOff.removeFailed')),
          variant: 'destructive',
        }),
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CalendarOff className="h-5 w-5 text-brand-700" aria-hidden /> {t('dashboard.timeOff.title')}
        </CardTitle>
        <CardDescription>{t('dashboard.timeOff.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {list.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : list.isError ? (
          <p role="alert" className="flex flex-wrap items-center gap-2 text-sm text-danger">
            {t('dashboard.timeOff.loadFailed')}
            <Button variant="outline" size="sm" onClick={() => list.refetch()}>
              {t('dashboard.tryAgain')}
            </Button>
          </p>
        ) : list.data.length === 0 ? (
          <p className="text-sm text-muted">{t('dashboard.timeOff.empty')}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-line" aria-label={t('dashboard.timeOff.list')}>
            {list.data.map((entry) => {
              const when = textOf(entry);
              return (
                <li key={entry.id} className="flex items-center justify-between gap-2 py-2">
                  <div className="min-w-0">
                    <p className="text-sm font-medium text-ink">{when}</p>
                    {entry.label && <p className="truncate text-xs text-muted">{entry.label}</p>}
                  </div>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t('dashboard.timeOff.remove', { when })}
                    disabled={remove.isPending}
                    onClick={() => handleRemove(entry.id, when)}
                  >
                    <Trash2 className="h-4 w-4" aria-hidden />
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
        {adding ? (
          <AddTimeOffForm timeZone={timeZone} onDone={() => setAdding(false)} />
        ) : (
          <Button variant="outline" onClick={() => setAdding(true)}>
            <Plus className="h-4 w-4" aria-hidden /> {t('dashboard.timeOff.add')}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

function AddTimeOffForm({ timeZone, onDone }: { timeZone: string; onDone: () => void }) {
  const add = useAddTimeOff();
  const t = useT();
  const dates = useWhen();
  const textOf = useTimeOffText(timeZone);
  const [form, setForm] = useState(() => emptyForm(wallClock(new Date(), timeZone).date));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (patch: Partial<TimeOffForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    setErrors({});
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.fromDate || !form.toDate) return setErrors({ endsAt: t('dashboard.timeOff.pickDays') });
    const body = timeOffRequest(form, timeZone);
    const checked = timeOffRequestSchema.safeParse(body);
    if (!checked.success)
      return setErrors(Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0] ?? 'endsAt'), i.message])));
    add.mutate(body, {
      onSuccess: (entry) => {
        toast({ title: t('dashboard.timeOff.added'), description: textOf(entry), variant: 'success' });
        onDone();
      },
      onError: (e) => {
        if (e instanceof ApiError && e.fields) setErrors(e.fields);
        else setErrors({ endsAt: errorMessage(e, t('dashboard.timeOff.addFailed')) });
      },
    });
  };

  const message = useSchemaMessage()(errors.endsAt ?? errors.startsAt);
  return (
    <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-3 rounded-lg border border-line p-3">
      <p className="text-xs text-muted">{t('dashboard.timeOff.zone', { zone: dates.zoneName(timeZone) })}</p>
      <div className="grid grid-cols-2 gap-3">
        <Field label={t('dashboard.timeOff.from')}>
          {(p) => (
            <Input {...p} type="date" value={form.fromDate} onChange={(e) => set({ fromDate: e.target.value })} />
          )}
        </Field>
        <Field label={t('dashboard.timeOff.to')}>
          {(p) => <Input {...p} type="date" value={form.toDate} onChange={(e) => set({ toDate: e.target.value })} />}
        </Field>
      </div>
      <label className="flex items-center gap-2 text-sm text-ink">
        <input
          type="checkbox"
          className="h-4 w-4 accent-brand-700"
          checked={form.allDay}
          onChange={(e) => set({ allDay: e.target.checked })}
        />
        {t('dashboard.timeOff.allDayLabel')}
      </label>
      {!form.allDay && (
        <div className="grid grid-cols-2 gap-3">
          <Field label={t('dashboard.timeOff.startTime')}>
            {(p) => (
              <Input {...p} type="time" value={form.fromTime} onChange={(e) => set({ fromTime: e.target.value })} />
            )}
          </Field>
          <Field label={t('dashboard.timeOff.endTime')}>
            {(p) => <Input {...p} type="time" value={form.toTime} onChange={(e) => set({ toTime: e.target.value })} />}
          </Field>
        </div>
      )}
      <Field label={t('dashboard.timeOff.label')} error={errors.label}>
        {(p) => (
          <Input
            {...p}
            placeholder={t('dashboard.timeOff.labelPlaceholder')}
            maxLength={80}
            value={form.label}
            onChange={(e) => set({ label: e.target.value })}
          />
        )}
      </Field>
      {message && (
        <p role="alert" className="text-sm text-danger">
          {message}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={onDone} disabled={add.isPending}>
          {t('dashboard.cancel')}
        </Button>
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? t('dashboard.timeOff.adding') : t('dashboard.timeOff.add')}
        </Button>
      </div>
    </form>
  );
}
