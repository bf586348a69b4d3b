import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../lib/api';
import { Button } from '../../ui/button';
import { Field, Input } from '../../ui/input';
import { Spinner } from '../../ui/spinner';
import { useMfaEnable, useMfaSetup } from './mfa-api';
import { RecoveryCodes } from './recovery-codes';

/**
 * Setting up an authenticator app: the QR code (drawn by our server, as an image), the secret
 * for typing in by hand, then the first code. Ends on the recovery codes.
 */
export function TotpSetup({ onDone, doneLabel = 'Done' }: { onDone: () => void; doneLabel?: string }) {
  const setup = useMfaSetup();
  const enable = useMfaEnable();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  if (enable.data) {
    return (
      <div className="flex flex-col gap-4">
        <p role="status" className="text-sm font-medium text-green-800">
          Two-factor sign-in is on.
        </p>
        <RecoveryCodes codes={enable.data.recoveryCodes} />
        <div>
          <Button onClick={onDone}>{doneLabel}</Button>
        </div>
      </div>
    );
  }

  if (!setup.data) {
    return (
      <div className="flex flex-col gap-3">
        {setup.isError && (
          <p role="alert" className="text-sm text-danger">
            {errorMessage(setup.error, 'Could not start the setup. Please try again.')}
          </p>
        )}
        <div>
          <Button onClick={() => setup.mutate()} disabled={setup.isPending}>
            {setup.isPending ? <Spinner className="h-4 w-4" label="Starting" /> : null}
            Set up an authenticator app
          </Button>
        </div>
      </div>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    enable.mutate(code, { onError: (e) => setError(errorMessage(e, 'That code is not right.')) });
  };
  const qr = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.data.qrSvg)}`;
  return (
    <div className="flex flex-col gap-4">
      <ol className="list-decimal space-y-1 ps-5 text-sm text-ink">
        <li>Open your authenticator app (Google Authenticator, 1Password, Authy…).</li>
        <li>Scan this QR code, or type the key below.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
        <img
          src={qr}
          alt="QR code for your authenticator app"
          width={176}
          height={176}
          className="rounded-lg border border-line bg-white p-1"
        />
        <div className="min-w-0">
          <p className="text-xs font-medium text-muted">Key (if you can't scan)</p>
          <p className="break-all font-mono text-sm" data-testid="totp-secret">
            {setup.data.secret}
          </p>
        </div>
      </div>
      <form onSubmit={submit} className="flex flex-col gap-3 sm:max-w-xs" noValidate>
        <Field label="6-digit code" error={error ?? undefined}>
          {(p) => (
            <Input
              {...p}
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
          )}
        </Field>
        <Button
          type="submit"
          disabled={enable.isPending}
          reason={code.trim() === '' ? 'Enter the 6-digit code from your app first.' : null}
        >
          {enable.isPending ? 'Checking...' : 'Turn on two-factor sign-in'}
        </Button>
      </form>
    </div>
  );
}
