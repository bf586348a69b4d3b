import { Clock } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { CurrentUser } from '@common/schemas/auth';
import { browserTimeZone } from '@common/rules/display-time';
import { errorMessage } from '../../lib/api';
import { textsFor } from '../../lib/i18n/areas';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { Field } from '../../ui/input';
import { TimeZoneSelect } from '../../ui/time-zone-select';
import { toast } from '../../ui/toast-store';
import { useSetTimeZone } from './time-zone-api';
import { useWhen } from '../../lib/i18n/use-when';

const useT = textsFor('account');

/** The zone every time is shown in, for this person, everywhere Medora states a time. */
export function TimeZoneCard({ user }: { user: CurrentUser }) {
  const t = useT();
  const time = useWhen();
  const current = user.timeZone ?? browserTimeZone();
  const [zone, setZone] = useState(current);
  const save = useSetTimeZone({
    onSaved: (saved) =>
      toast({
        title: t('account.timeZone.savedTitle'),
        description: t('account.timeZone.savedText', { zone: time.zoneName(saved.timeZone ?? zone) }),
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
          <Clock className="h-5 w-5 text-brand-700" aria-hidden /> {t('account.timeZone.title')}
        </CardTitle>
        <CardDescription>
          {t('account.timeZone.description', { zone: time.zoneName(current), now: time.clock(new Date(), current) })}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          onSubmit={handleSubmit}
          className="flex flex-col gap-4"
          noValidate
          aria-label={t('account.timeZone.formLabel')}
        >
          <Field
            label={t('account.timeZone.label')}
            hint={user.userType === 'doctor' ? t('account.timeZone.doctorHint') : undefined}
          >
            {(p) => <TimeZoneSelect {...p} value={zone} onChange={setZone} />}
          </Field>
          <div className="flex flex-wrap items-center gap-3">
            <Button
              type="submit"
              disabled={save.isPending}
              reason={zone === user.timeZone ? t('account.timeZone.sameZone') : null}
            >
              {save.isPending ? t('account.saving') : t('account.timeZone.save')}
            </Button>
            <p role="status" aria-live="polite" className="text-sm empty:hidden">
              {save.isError ? errorMessage(save.error, t('account.timeZone.failed')) : null}
            </p>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
