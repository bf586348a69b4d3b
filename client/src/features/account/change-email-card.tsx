import { zodResolver } from '@hookform/resolvers/zod';
import { AtSign } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { changeEmailRequestSchema, type ChangeEmailRequest } from '@common/schemas/account';
import { errorMessage } from '../../lib/api';
import { textsFor } from '../../lib/i18n/areas';
import { useRichT } from '../../lib/i18n/rich-text';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { Field, Input } from '../../ui/input';
import { useChangeEmail } from './credentials-api';

const useT = textsFor('account');

/** A new address is confirmed by a link sent to it before it replaces the current one. */
export function ChangeEmailCard({ currentEmail }: { currentEmail: string }) {
  const t = useT();
  const rich = useRichT();
  const change = useChangeEmail();
  const form = useForm<ChangeEmailRequest>({
    resolver: zodResolver(changeEmailRequestSchema),
    defaultValues: { currentPassword: '', newEmail: '' },
  });
  const { errors } = form.formState;
  const handleSubmit = form.handleSubmit((values) =>
    change.mutate(values, {
      onSuccess: () => form.reset(),
      onError: (e) => {
        const fields = (e as { fields?: Record<string, string> }).fields ?? {};
        if (fields.currentPassword) form.setError('currentPassword', { message: fields.currentPassword });
        if (fields.newEmail) form.setError('newEmail', { message: fields.newEmail });
      },
    }),
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <AtSign className="h-5 w-5 text-brand-700" aria-hidden /> {t('account.email.title')}
        </CardTitle>
        <CardDescription>
          {rich('account.email.description', {
            email: (
              <span className="font-medium break-all text-ink" dir="ltr">
                {currentEmail}
              </span>
            ),
          })}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          onSubmit={handleSubmit}
          className="grid gap-4 sm:grid-cols-2"
          noValidate
          aria-label={t('account.email.submit')}
        >
          <Field label={t('account.email.newEmail')} error={errors.newEmail?.message}>
            {(p) => <Input {...p} type="email" autoComplete="email" {...form.register('newEmail')} />}
          </Field>
          <Field label={t('account.currentPassword')} error={errors.currentPassword?.message}>
            {(p) => (
              <Input {...p} type="password" autoComplete="current-password" {...form.register('currentPassword')} />
            )}
          </Field>
          <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
            <Button type="submit" disabled={change.isPending}>
              {change.isPending ? t('account.sending') : t('account.email.submit')}
            </Button>
            <p role="status" aria-live="polite" className="text-sm empty:hidden">
              {change.isSuccess
                ? change.data.message
                : change.isError && !errors.currentPassword && !errors.newEmail
                  ? errorMessage(change.error, t('account.email.failed'))
                  : null}
            </p>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
