import { ShieldCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../lib/api';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { Field, Input } from '../../ui/input';
import { Skeleton } from '../../ui/spinner';
import { toast } from '../../ui/toast-store';
import { useMfaDisable, useMfaStatus } from './mfa-api';
import { TotpSetup } from './totp-setup';

/** Two-factor sign-in on /profile: set it up, see how many recovery codes are left, turn it off. */
export function TwoFactorCard() {
  const status = useMfaStatus();
  const [settingUp, setSettingUp] = useState(false);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          <ShieldCheck className="h-5 w-5 text-brand-700" aria-hidden /> Two-Factor Sign-In
          {status.data && (
            <Badge variant={status.data.enabled ? 'success' : 'secondary'}>{status.data.enabled ? 'On' : 'Off'}</Badge>
          )}
        </CardTitle>
        <CardDescription>
          A code from an authenticator app on your phone, asked for after your password.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {status.isPending ? (
          <Skeleton className="h-10 w-full" />
        ) : status.isError ? (
          <p role="alert" className="text-sm text-danger">
            Could not load your two-factor settings.{' '}
            <button type="button" className="underline" onClick={() => void status.refetch()}>
              Try again
            </button>
          </p>
        ) : status.data.enabled && !settingUp ? (
          <DisableForm recoveryCodesLeft={status.data.recoveryCodesLeft} />
        ) : settingUp ? (
          <TotpSetup onDone={() => setSettingUp(false)} />
        ) : (
          <Button onClick={() => setSettingUp(true)}>Set up two-factor sign-in</Button>
        )}
      </CardContent>
    </Card>
  );
}

function DisableForm({ recoveryCodesLeft }: { recoveryCodesLeft: number }) {
  const disable = useMfaDisable();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    disable.mutate(
      { password, code },
      {
        onSuccess: () => toast({ title: 'Two-factor sign-in is off', variant: 'success' }),
        onError: (e) => setError(errorMessage(e, 'Could not turn two-factor sign-in off.')),
      },
    );
  };
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-ink">{recoveryCodesLeft} of 10 recovery codes left.</p>
      {!open ? (
        <div>
          <Button variant="outline" onClick={() => setOpen(true)}>
            Turn off
          </Button>
        </div>
      ) : (
        <form onSubmit={submit} className="flex flex-col gap-3 sm:max-w-xs" noValidate>
          {error && (
            <p role="alert" className="text-sm text-danger">
              {error}
            </p>
          )}
          <Field label="Password">
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
          <Field label="Code from your app or a recovery code">
            {(p) => (
              <Input {...p} autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} />
            )}
          </Field>
          <div className="flex flex-wrap gap-2">
            <Button
              type="submit"
              variant="destructive"
              disabled={disable.isPending}
              reason={!password || !code ? 'Enter your password and a code first.' : null}
            >
              {disable.isPending ? 'Turning off...' : 'Turn off two-factor sign-in'}
            </Button>
            <Button variant="ghost" onClick={() => setOpen(false)}>
              Cancel
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
