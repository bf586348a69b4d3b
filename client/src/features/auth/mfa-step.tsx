import { useState, type FormEvent } from 'react';
import type { CurrentUser } from '@common/schemas/auth';
import { errorMessage } from '../../lib/api';
import { Button } from '../../ui/button';
import { Field, Input } from '../../ui/input';
import { useMfaVerify } from './api';

/** The second step of signing in: the password was right, now a code from the app or a recovery code. */
export function MfaStep({ onDone, onCancel }: { onDone: (user: CurrentUser) => void; onCancel: () => void }) {
  const verify = useMfaVerify();
  const [code, setCode] = useState('');
  const [useRecovery, setUseRecovery] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    verify.mutate(code, {
      onSuccess: (reply) => onDone(reply.user),
      onError: (e) => setError(errorMessage(e, 'Could not sign in. Please try again.')),
    });
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate aria-labelledby="mfa-step-title">
      <div>
        <h2 id="mfa-step-title" className="text-lg font-semibold text-ink">
          Two-factor sign-in
        </h2>
        <p className="text-sm text-muted">
          {useRecovery
            ? 'Enter one of the recovery codes you saved. Each works once.'
            : 'Enter the 6-digit code from your authenticator app.'}
        </p>
      </div>
      {error && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      )}
      <Field label={useRecovery ? 'Recovery code' : '6-digit code'}>
        {(p) => (
          <Input
            {...p}
            autoFocus
            inputMode={useRecovery ? 'text' : 'numeric'}
            autoComplete="one-time-code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
        )}
      </Field>
      <Button
        type="submit"
        disabled={verify.isPending}
        reason={code.trim() === '' ? 'Enter the code to continue.' : null}
      >
        {verify.isPending ? 'Checking...' : 'Verify'}
      </Button>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <button
          type="button"
          className="font-medium text-brand-700 underline-offset-2 hover:underline"
          onClick={() => {
            setUseRecovery(!useRecovery);
            setCode('');
            setError(null);
          }}
        >
          {useRecovery ? 'Use a code from the app' : 'Use a recovery code'}
        </button>
        <button type="button" className="text-muted underline-offset-2 hover:underline" onClick={onCancel}>
          Start over
        </button>
      </div>
    </form>
  );
}
