import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { changePasswordRequestSchema, type ChangePasswordRequest } from '@common/schemas/account';
import { MIN_PASSWORD_LENGTH } from '@common/schemas/auth';
import { errorMessage } from '../../lib/api';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { Field, Input } from '../../ui/input';
import { useChangePassword } from './credentials-api';

/** A new password needs the current one; other devices are signed out, this one stays. */
export function ChangePasswordCard() {
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
          <KeyRound className="h-5 w-5 text-brand-700" aria-hidden /> Password
        </CardTitle>
        <CardDescription>Changing it signs out your other devices.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={handleSubmit} className="grid gap-4 sm:grid-cols-2" noValidate aria-label="Change password">
          <Field label="Current password" error={errors.currentPassword?.message}>
            {(p) => (
              <Input {...p} type="password" autoComplete="current-password" {...form.register('currentPassword')} />
            )}
          </Field>
          <Field
            label="New password"
            error={errors.newPassword?.message}
            hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
          >
            {(p) => <Input {...p} type="password" autoComplete="new-password" {...form.register('newPassword')} />}
          </Field>
          <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
            <Button type="submit" disabled={change.isPending}>
              {change.isPending ? 'Saving...' : 'Change password'}
            </Button>
            <p role="status" aria-live="polite" className="text-sm empty:hidden">
              {change.isSuccess
                ? change.data.message
                : change.isError && !errors.currentPassword
                  ? errorMessage(change.error, 'Could not change your password. Please try again.')
                  : null}
            </p>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
