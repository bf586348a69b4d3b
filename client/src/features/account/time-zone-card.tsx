import { Clock } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { CurrentUser } from '@common/schemas/auth';
import { browserTimeZone, clockTime, zoneName } from '@common/rules/display-time';
import { errorMessage } from '../../lib/api';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { Field } from '../../ui/input';
import { TimeZoneSelect } from '../../ui/time-zone-select';
import { toast } from '../../ui/toast-store';
import { useSetTimeZone } from './time-zone-api';

/** The zone every time is shown in, for this person, everywhere Medora states a time. */
export function TimeZoneCard({ user }: { user: CurrentUser }) {
  const current = user.timeZone ?? browserTimeZone();
  const [zone, setZone] = useState(current);
  const save = useSetTimeZone({
    onSaved: (saved) =>
      toast({
        title: 'Time Zone Saved',
        description: `Times are now shown in ${zoneName(saved.timeZone ?? zone)}.`,
        variant: 'success',
      }),
  });
  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({ timeZone: zone });
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Clock className="h-5 w-5 text-brand-700" aria-hidden /> Time zone
        </CardTitle>
        <CardDescription>
          Your appointments, e-mails, notifications and documents show times in {zoneName(current)}. It is{' '}
          {clockTime(new Date(), current)} now.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={handleSubmit} className="flex flex-col gap-4" noValidate aria-label="Change time zone">
          <Field
            label="Your time zone"
            hint={
              user.userType === 'doctor'
                ? 'Your weekly hours keep the zone of your practice, set in your doctor profile.'
                : undefined
            }
          >
            {(p) => <TimeZoneSelect {...p} value={zone} onChange={setZone} />}
          </Field>
          <div className="flex flex-wrap items-center gap-3">
            <Button
              type="submit"
              disabled={save.isPending}
              reason={zone === user.timeZone ? 'This is your zone now; choose another to change it.' : null}
            >
              {save.isPending ? 'Saving...' : 'Save time zone'}
            </Button>
            <p role="status" aria-live="polite" className="text-sm empty:hidden">
              {save.isError ? errorMessage(save.error, 'Could not save your time zone. Please try again.') : null}
            </p>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
