import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { forgotPasswordRequestSchema, type ForgotPasswordRequest } from '@common/schemas/account';
import { errorMessage } from '../../lib/api';
import { textsFor } from '../../lib/i18n/areas';
import { Button } from '../../ui/button';
import { Field, Input } from '../../ui/input';
import { useForgotPassword } from './account-api';
import { AuthCard, FormMessage } from './auth-card';

const useT = textsFor('signin', 'auth');

/** Asks for a reset link; the answer never says whether the address has an account. */
export function ForgotPasswordPage() {
  const t = useT();
  const forgot = useForgotPassword();
  const form = useForm<ForgotPasswordRequest>({
    resolver: zodResolver(forgotPasswordRequestSchema),
    defaultValues: { email: '' },
  });
  const handleSubmit = form.handleSubmit((values) => forgot.mutate(values));
  return (
    <AuthCard title={t('signin.forgot.title')} description={t('signin.forgot.description')}>
      {forgot.isSuccess ? (
        <div className="flex flex-col gap-4">
          <FormMessage tone="success">{forgot.data.message}</FormMessage>
          <Link to="/login" className="text-sm font-medium text-brand-700 hover:underline">
            {t('signin.backToSignIn')}
          </Link>
        </div>
      ) : (
        <form onSubmit={handleSubmit} className="flex flex-col gap-4" noValidate>
          {forgot.isError && (
            <FormMessage tone="error">{errorMessage(forgot.error, t('signin.forgot.failed'))}</FormMessage>
          )}
          <Field label={t('auth.field.email')} error={form.formState.errors.email?.message}>
            {(p) => <Input {...p} type="email" autoComplete="email" {...form.register('email')} />}
          </Field>
          <Button type="submit" disabled={forgot.isPending}>
            {forgot.isPending ? t('signin.sending') : t('signin.forgot.submit')}
          </Button>
          <Link to="/login" className="text-sm font-medium text-brand-700 hover:underline">
            {t('signin.backToSignIn')}
          </Link>
        </form>
      )}
    </AuthCard>
  );
}
