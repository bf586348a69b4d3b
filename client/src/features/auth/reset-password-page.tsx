import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import { MIN_PASSWORD_LENGTH, newPasswordSchema } from '@common/schemas/auth';
import { errorMessage } from '../../lib/api';
import { Button } from '../../ui/button';
import { buttonClass } from '../../ui/button-class';
import { Field, Input } from '../../ui/input';
import { useResetPassword } from './account-api';
import { AuthCard, FormMessage } from './auth-card';

const formSchema = z
  .object({ password: newPasswordSchema, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'The passwords do not match' });
type FormValues = z.infer<typeof formSchema>;

/** Where a reset e-mail's link lands: a new password, then every device signs in again. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const reset = useResetPassword();
  const form = useForm<FormValues>({ resolver: zodResolver(formSchema), defaultValues: { password: '', confirm: '' } });
  const { errors } = form.formState;
  const handleSubmit = form.handleSubmit(({ password }) => reset.mutate({ token, password }));

  if (reset.isSuccess) {
    return (
      <AuthCard title="Password changed">
        <div className="flex flex-col gap-4">
          <FormMessage tone="success">{reset.data.message}</FormMessage>
          <Link to="/login" className={buttonClass('primary')}>
            Sign in
          </Link>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Choose a new password" description="Every device signed in to your account will be signed out.">
      {!token ? (
        <div className="flex flex-col gap-4">
          <FormMessage tone="error">This page needs the link from the reset e-mail.</FormMessage>
          <Link to="/forgot-password" className={buttonClass('outline')}>
            Ask for a new link
          </Link>
        </div>
      ) : (
        <form onSubmit={handleSubmit} className="flex flex-col gap-4" noValidate>
          {reset.isError && (
            <FormMessage tone="error">
              {errorMessage(reset.error, 'Could not change your password. Please try again.')}{' '}
              <Link to="/forgot-password" className="font-medium underline">
                Ask for a new link
              </Link>
            </FormMessage>
          )}
          <Field
            label="New password"
            error={errors.password?.message}
            hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
          >
            {(p) => <Input {...p} type="password" autoComplete="new-password" {...form.register('password')} />}
          </Field>
          <Field label="Repeat the new password" error={errors.confirm?.message}>
            {(p) => <Input {...p} type="password" autoComplete="new-password" {...form.register('confirm')} />}
          </Field>
          <Button type="submit" disabled={reset.isPending}>
            {reset.isPending ? 'Saving...' : 'Set new password'}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
