import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { changePasswordRequestSchema, type ChangePasswordRequest } from '@common/schemas/account';
import { MIN_PASSWORD_LENGTH } from '@common/schemas/auth';
import { errorMessage } from '../../lib/api';
import { textsFor } from '../../lib/i18n/areas';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { Field, Input } from '../../ui/input';
import { useChangePassword } from './credentials-api';

const useT = textsFor('account', 'auth');

/** A new password needs the current one; other devices are signed out, this one stays. */
export function ChangePasswordCard() {
  const t = useT();
  const change = useChangePassword();
  const form = useForm<ChangePasswordRequest>({
    resolver: zodResolver(changePasswordRequestSchema),
    defaultValues: { currentPassword: '', newPassword: '' },
  });
  const { errors } = form.formState;
  const handleSubmit = form.handleSubmit((values) =>
    change.mutate(values, {
      onSuccess: () => form.reset(),
      onError: (e) => {
        const field = (e as { fields?: Record<string, string> }).fields?.currentPassword;
        if (field) form.setError('currentPassword', { message: field });
      },
    }),
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <KeyRound className="h-5 w-5 text-brand-700" aria-hidden /> {t('account.password.title')}
        </CardTitle>
        <CardDescription>{t('account.password.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          onSubmit={handleSubmit}
          className="grid gap-4 sm:grid-cols-2"
          noValidate
          aria-label={t('account.password.submit')}
        >
          <Field label={t('account.currentPassword')} error={errors.currentPassword?.message}>
            {(p) => (
              <Input {...p} type="password" autoComplete="current-password" {...form.register('currentPassword')} />
            )}
          </Field>
          <Field
            label={t('account.password.new')}
            error={errors.newPassword?.message}
            hint={t('auth.register.passwordHint', { min: MIN_PASSWORD_LENGTH })}
          >
            {(p) => <Input {...p} type="password" autoComplete="new-password" {...form.register('newPassword')} />}
          </Field>
          <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
            <Button type="submit" disabled={change.isPending}>
              {change.isPending ? t('account.saving') : t('account.password.submit')}
            </Button>
            <p role="status" aria-live="polite" className="text-sm empty:hidden">
              {change.isSuccess
                ? change.data.message
                : change.isError && !errors.currentPassword
                  ? errorMessage(change.error, t('account.password.failed'))
                  : null}
            </p>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
