import { Dialog } from 'radix-ui';
import { Download, MailX, ShieldCheck, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import {
  DELETION_ACTIONS,
  ERASED_ON_DELETION,
  KEPT_AFTER_DELETION,
  keptRecordText,
} from '@common/constants/account-deletion';
import { errorMessage } from '../../lib/api';
import { Button } from '../../ui/button';
import { buttonClass } from '../../ui/button-class';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { DialogActions, DialogFrame } from '../../ui/dialog-frame';
import { Field, Input } from '../../ui/input';
import { toast } from '../../ui/toast-store';
import { useAccountSettings, useDeleteAccount, useSetMarketingOptOut } from './patient-api';

/** The rights the privacy policy promises, each one action away. */
export function YourDataCard({ canDelete }: { canDelete: boolean }) {
  const settings = useAccountSettings();
  const setOptOut = useSetMarketingOptOut();
  const optedOut = settings.data?.marketingEmailOptOut ?? false;

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ShieldCheck className="h-5 w-5 text-brand-700" aria-hidden /> Your Data
        </CardTitle>
        <CardDescription>
          Download everything we hold about you, correct it above, limit what we send you, or delete your account.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col divide-y divide-line">
        <div className="flex flex-wrap items-center justify-between gap-3 pb-4">
          <div>
            <p className="font-medium text-ink">Download my data</p>
            <p className="text-sm text-muted">
              Account, profile, appointments, payments, messages, referrals and wallet.
            </p>
          </div>
          {/* A plain link: the browser saves the file the server marks as an attachment. */}
          <a href="/api/patients/me/export" download className={buttonClass('outline')}>
            <Download className="h-4 w-4" aria-hidden /> Download
          </a>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3 py-4">
          <label htmlFor="marketing-opt-out" className="flex-1">
            <span className="flex items-center gap-1.5 font-medium text-ink">
              <MailX className="h-4 w-4" aria-hidden /> No marketing e-mail
            </span>
            <span className="block text-sm text-muted">
              We will still send what your appointments need (confirmations, changes, receipts).
            </span>
          </label>
          <input
            id="marketing-opt-out"
            type="checkbox"
            role="switch"
            className="h-5 w-5 accent-brand-700"
            checked={optedOut}
            disabled={settings.isPending || setOptOut.isPending}
            onChange={(e) =>
              setOptOut.mutate(e.target.checked, {
                onSuccess: (s) =>
                  toast({
                    title: 'Preferences Saved',
                    description: s.marketingEmailOptOut
                      ? 'You will not receive marketing e-mail.'
                      : 'You may receive news and offers by e-mail.',
                    variant: 'success',
                  }),
                onError: (err) =>
                  toast({ title: 'Error', description: errorMessage(err, 'Failed to save.'), variant: 'destructive' }),
              })
            }
          />
        </div>
        {canDelete && (
          <div className="flex flex-wrap items-center justify-between gap-3 pt-4">
            <div>
              <p className="font-medium text-ink">Delete my account</p>
              <p className="text-sm text-muted">
                Your personal and medical details are erased; upcoming appointments are cancelled and refunded. Payment
                and medical records the law requires are kept without your name.
              </p>
            </div>
            <DeleteAccountDialog />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function DeleteAccountDialog() {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const remove = useDeleteAccount();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setError('Password is required');
    remove.mutate(password, {
      // A full navigation drops every cached view of the account that no longer exists.
      onSuccess: () => window.location.assign('/'),
      onError: (e) => setError(errorMessage(e, 'Your account could not be deleted. Please try again.')),
    });
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setPassword('');
        setError(undefined);
      }}
    >
      <Dialog.Trigger asChild>
        <Button variant="outline" className="text-danger">
          <Trash2 className="h-4 w-4" aria-hidden /> Delete Account
        </Button>
      </Dialog.Trigger>
      <DialogFrame
        size="md"
        title="Delete your account?"
        description="This cannot be undone. You will be signed out everywhere, and your e-mail address can be used to register again."
      >
        <DeletionEffects />
        <form onSubmit={submit} className="mt-4 flex flex-col gap-4" noValidate>
          <Field label="Enter your password to confirm" error={error}>
            {(p) => (
              <Input
                {...p}
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            )}
          </Field>
          <DialogActions closeLabel="Keep Account" disabled={remove.isPending}>
            <Button type="submit" variant="destructive" disabled={remove.isPending}>
              {remove.isPending ? 'Deleting...' : 'Delete Account'}
            </Button>
          </DialogActions>
        </form>
      </DialogFrame>
    </Dialog.Root>
  );
}

/** What deletion does, in the words of the privacy page, shown before the person confirms. */
function DeletionEffects() {
  const lists: { heading: string; items: readonly string[] }[] = [
    { heading: 'What happens', items: DELETION_ACTIONS },
    { heading: 'Erased', items: ERASED_ON_DELETION },
    { heading: 'Kept, without your name, as the law requires', items: KEPT_AFTER_DELETION.map(keptRecordText) },
  ];
  return (
    <div className="mt-4 flex flex-col gap-3 rounded-lg border border-line bg-slate-50 p-3 text-sm sm:p-4">
      {lists.map(({ heading, items }) => (
        <section key={heading} aria-label={heading}>
          <h3 className="font-medium text-ink">{heading}</h3>
          <ul className="mt-1 list-disc space-y-1 ps-5 text-muted">
            {items.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </section>
      ))}
      <p className="text-muted">
        Details are on the{' '}
        <a href="/privacy-policy#deleting-your-account" className="text-brand-700 underline underline-offset-2">
          privacy policy
        </a>
        .
      </p>
    </div>
  );
}
