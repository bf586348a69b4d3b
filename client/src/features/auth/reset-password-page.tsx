import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import { MIN_PASSWORD_LENGTH, newPasswordSchema } from '@common/schemas/auth';
import { errorMessage } from '../../lib/api';
import { textsFor } from '../../lib/i18n/areas';
import { Button } from '../../ui/button';
import { buttonClass } from '../../ui/button-class';
import { Field, Input } from '../../ui/input';
import { useResetPassword } from './account-api';
import { AuthCard, FormMessage } from './auth-card';

const useT = textsFor('signin', 'auth');

const schemaWith = (mismatch: string) =>
  z
    .object({ password: newPasswordSchema, confirm: z.string() })
    .refine((v) => v.password === v.confirm, { path: ['confirm'], message: mismatch });
type FormValues = z.infer<ReturnType<typeof schemaWith>>;

/** Where a reset e-mail's link lands: a new password, then every device signs in again. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const t = useT();
  const reset = useResetPassword();
  const form = useForm<FormValues>({
    resolver: zodResolver(schemaWith(t('signin.reset.mismatch'))),
    defaultValues: { password: '', confirm: '' },
  });
  const { errors } = form.formState;
  const handleSubmit = form.handleSubmit(({ password }) => reset.mutate({ token, password }));

  if (reset.isSuccess) {
    return (
      <AuthCard title={t('signin.reset.changed')}>
        <div className="flex flex-col gap-4">
          <FormMessage tone="success">{reset.data.message}</FormMessage>
          <Link to="/login" className={buttonClass('primary')}>
            {t('signin.signIn')}
          </Link>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('signin.reset.title')} description={t('signin.reset.description')}>
      {!token ? (
        <div className="flex flex-col gap-4">
          <FormMessage tone="error">{t('signin.reset.needsLink')}</FormMessage>
          <Link to="/forgot-password" className={buttonClass('outline')}>
            {t('signin.reset.newLink')}
          </Link>
        </div>
      ) : (
        <form onSubmit={handleSubmit} className="flex flex-col gap-4" noValidate>
          {reset.isError && (
            <FormMessage tone="error">
              {errorMessage(reset.error, t('signin.reset.failed'))}{' '}
              <Link to="/forgot-password" className="font-medium underline">
                {t('signin.reset.newLink')}
              </Link>
            </FormMessage>
          )}
          <Field
            label={t('signin.reset.newPassword')}
            error={errors.password?.message}
            hint={t('auth.register.passwordHint', { min: MIN_PASSWORD_LENGTH })}
          >
            {(p) => <Input {...p} type="password" autoComplete="new-password" {...form.register('password')} />}
          </Field>
          <Field label={t('signin.reset.repeat')} error={errors.confirm?.message}>
            {(p) => <Input {...p} type="password" autoComplete="new-password" {...form.register('confirm')} />}
          </Field>
          <Button type="submit" disabled={reset.isPending}>
            {reset.isPending ? t('signin.saving') : t('signin.reset.submit')}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
