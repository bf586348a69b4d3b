import { CalendarOff, Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { zoneName } from '@common/rules/display-time';
import { wallClock } from '@common/rules/zoned-time';
import { timeOffRequestSchema } from '@common/schemas/schedule';
import { ApiError, errorMessage } from '../../lib/api';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { Field, Input } from '../../ui/input';
import { Skeleton } from '../../ui/spinner';
import { toast } from '../../ui/toast-store';
import { useAddTimeOff, useRemoveTimeOff, useTimeOff } from './api';
import { timeOffRequest, timeOffText, type TimeOffForm } from './time-off-range';

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

  const handleRemove = (id: string, what: string) =>
    remove.mutate(id, {
      onSuccess: () => toast({ title: 'Time Off Removed', description: what, variant: 'success' }),
      onError: (e) =>
        toast({ title: 'Error', description: errorMessage(e, 'Failed to remove time off.'), variant: 'destructive' }),
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CalendarOff className="h-5 w-5 text-brand-700" aria-hidden /> Time off
        </CardTitle>
        <CardDescription>Patients cannot book these times. Bookings already made stay in your book.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {list.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : list.isError ? (
          <p role="alert" className="flex flex-wrap items-center gap-2 text-sm text-danger">
            Your time off could not be loaded.
            <Button variant="outline" size="sm" onClick={() => list.refetch()}>
              Try again
            </Button>
          </p>
        ) : list.data.length === 0 ? (
          <p className="text-sm text-muted">No time off planned.</p>
        ) : (
          <ul className="flex flex-col divide-y divide-line" aria-label="Planned time off">
            {list.data.map((entry) => {
              const when = timeOffText(entry, timeZone);
              return (
                <li key={entry.id} className="flex items-center justify-between gap-2 py-2">
                  <div className="min-w-0">
                    <p className="text-sm font-medium text-ink">{when}</p>
                    {entry.label && <p className="truncate text-xs text-muted">{entry.label}</p>}
                  </div>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Remove time off ${when}`}
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
            <Plus className="h-4 w-4" aria-hidden /> Add Time Off
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

function AddTimeOffForm({ timeZone, onDone }: { timeZone: string; onDone: () => void }) {
  const add = useAddTimeOff();
  const [form, setForm] = useState(() => emptyForm(wallClock(new Date(), timeZone).date));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (patch: Partial<TimeOffForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    setErrors({});
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.fromDate || !form.toDate) return setErrors({ endsAt: 'Pick the first and the last day' });
    const body = timeOffRequest(form, timeZone);
    const checked = timeOffRequestSchema.safeParse(body);
    if (!checked.success)
      return setErrors(Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0] ?? 'endsAt'), i.message])));
    add.mutate(body, {
      onSuccess: (entry) => {
        toast({ title: 'Time Off Added', description: timeOffText(entry, timeZone), variant: 'success' });
        onDone();
      },
      onError: (e) => {
        if (e instanceof ApiError && e.fields) setErrors(e.fields);
        else setErrors({ endsAt: errorMessage(e, 'Failed to add time off.') });
      },
    });
  };

  const message = errors.endsAt ?? errors.startsAt;
  return (
    <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-3 rounded-lg border border-line p-3">
      <p className="text-xs text-muted">Dates and times in {zoneName(timeZone)}, your practice&apos;s zone.</p>
      <div className="grid grid-cols-2 gap-3">
        <Field label="From">
          {(p) => (
            <Input {...p} type="date" value={form.fromDate} onChange={(e) => set({ fromDate: e.target.value })} />
          )}
        </Field>
        <Field label="To">
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
        All day
      </label>
      {!form.allDay && (
        <div className="grid grid-cols-2 gap-3">
          <Field label="Start time">
            {(p) => (
              <Input {...p} type="time" value={form.fromTime} onChange={(e) => set({ fromTime: e.target.value })} />
            )}
          </Field>
          <Field label="End time">
            {(p) => <Input {...p} type="time" value={form.toTime} onChange={(e) => set({ toTime: e.target.value })} />}
          </Field>
        </div>
      )}
      <Field label="Label (only you see it)" error={errors.label}>
        {(p) => (
          <Input
            {...p}
            placeholder="Holiday, conference…"
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
          Cancel
        </Button>
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? 'Adding...' : 'Add Time Off'}
        </Button>
      </div>
    </form>
  );
}
