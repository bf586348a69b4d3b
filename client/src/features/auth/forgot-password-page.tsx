import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { forgotPasswordRequestSchema, type ForgotPasswordRequest } from '@common/schemas/account';
import { errorMessage } from '../../lib/api';
import { Button } from '../../ui/button';
import { Field, Input } from '../../ui/input';
import { useForgotPassword } from './account-api';
import { AuthCard, FormMessage } from './auth-card';

/** Asks for a reset link; the answer never says whether the address has an account. */
export function ForgotPasswordPage() {
  const forgot = useForgotPassword();
  const form = useForm<ForgotPasswordRequest>({
    resolver: zodResolver(forgotPasswordRequestSchema),
    defaultValues: { email: '' },
  });
  const handleSubmit = form.handleSubmit((values) => forgot.mutate(values));
  return (
    <AuthCard
      title="Forgot your password?"
      description="Enter your e-mail address and we will send you a link to choose a new one."
    >
      {forgot.isSuccess ? (
        <div className="flex flex-col gap-4">
          <FormMessage tone="success">{forgot.data.message}</FormMessage>
          <Link to="/login" className="text-sm font-medium text-brand-700 hover:underline">
            Back to sign in
          </Link>
        </div>
      ) : (
        <form onSubmit={handleSubmit} className="flex flex-col gap-4" noValidate>
          {forgot.isError && (
            <FormMessage tone="error">
              {errorMessage(forgot.error, 'Could not send the link. Please try again.')}
            </FormMessage>
          )}
          <Field label="Email" error={form.formState.errors.email?.message}>
            {(p) => <Input {...p} type="email" autoComplete="email" {...form.register('email')} />}
          </Field>
          <Button type="submit" disabled={forgot.isPending}>
            {forgot.isPending ? 'Sending...' : 'Send reset link'}
          </Button>
          <Link to="/login" className="text-sm font-medium text-brand-700 hover:underline">
            Back to sign in
          </Link>
        </form>
      )}
    </AuthCard>
  );
}
