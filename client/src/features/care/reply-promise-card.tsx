import { useId, useState } from 'react';
import { REPLY_WITHIN_DAYS_MAX } from '@common/constants/care';
import { errorMessage } from '../../lib/api';
import { textsFor } from '../../lib/i18n/areas';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { Label, Select } from '../../ui/input';
import { useReplyPromise, useSetReplyPromise } from './api';

const useT = textsFor('messages');
const DAYS = Array.from({ length: REPLY_WITHIN_DAYS_MAX }, (_, i) => i + 1);

/** The doctor says how soon they usually answer ("within 2 working days"), or nothing. */
export function ReplyPromiseCard() {
  const t = useT();
  const id = useId();
  const promise = useReplyPromise();
  const save = useSetReplyPromise();
  // The choice being made; undefined until the doctor touches it (the saved value shows).
  const [choice, setChoice] = useState<string | undefined>(undefined);
  if (promise.isPending || promise.isError) return null;
  const saved = promise.data.replyWithinDays === null ? '' : String(promise.data.replyWithinDays);
  const value = choice ?? saved;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('messages.promise.title')}</CardTitle>
        <CardDescription>{t('messages.promise.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          className="flex flex-col gap-3 sm:flex-row sm:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate({ replyWithinDays: value ? Number(value) : null }, { onSuccess: () => setChoice(undefined) });
          }}
        >
          <div className="flex flex-1 flex-col gap-1.5 sm:max-w-sm">
            <Label htmlFor={`${id}-days`}>{t('messages.promise.label')}</Label>
            <Select id={`${id}-days`} value={value} onChange={(e) => setChoice(e.target.value)}>
              <option value="">{t('messages.promise.none')}</option>
              {DAYS.map((days) => (
                <option key={days} value={days}>
                  {t('messages.promise.days', { days })}
                </option>
              ))}
            </Select>
          </div>
          <Button type="submit" disabled={save.isPending || value === saved}>
            {save.isPending ? t('messages.promise.saving') : t('messages.promise.save')}
          </Button>
        </form>
        <div aria-live="polite" className="mt-2 text-sm">
          {save.isSuccess && choice === undefined && <p className="text-success">{t('messages.promise.saved')}</p>}
          {save.isError && (
            <p role="alert" className="text-danger">
              {errorMessage(save.error, t('messages.promise.failed'))}
            </p>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
