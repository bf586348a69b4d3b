import { useState, type FormEvent } from 'react';
import type { CurrentUser } from '@common/schemas/auth';
import { errorMessage } from '../../lib/api';
import { textsFor } from '../../lib/i18n/areas';
import { Button } from '../../ui/button';
import { Field, Input } from '../../ui/input';
import { useMfaVerify } from './api';

const useT = textsFor('signin', 'auth');

/** The second step of signing in: the password was right, now a code from the app or a recovery code. */
export function MfaStep({ onDone, onCancel }: { onDone: (user: CurrentUser) => void; onCancel: () => void }) {
  const t = useT();
  const verify = useMfaVerify();
  const [code, setCode] = useState('');
  const [useRecovery, setUseRecovery] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    verify.mutate(code, {
      onSuccess: (reply) => onDone(reply.user),
      onError: (e) => setError(errorMessage(e, t('auth.signInFailed'))),
    });
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate aria-labelledby="mfa-step-title">
      <div>
        <h2 id="mfa-step-title" className="text-lg font-semibold text-ink">
          {t('signin.mfa.title')}
        </h2>
        <p className="text-sm text-muted">{useRecovery ? t('signin.mfa.recoveryHint') : t('signin.mfa.codeHint')}</p>
      </div>
      {error && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      )}
      <Field label={useRecovery ? t('signin.mfa.recoveryLabel') : t('signin.mfa.codeLabel')}>
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
      <Button type="submit" disabled={verify.isPending} reason={code.trim() === '' ? t('signin.mfa.codeFirst') : null}>
        {verify.isPending ? t('signin.mfa.checking') : t('signin.mfa.verify')}
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
          {useRecovery ? t('signin.mfa.useApp') : t('signin.mfa.useRecovery')}
        </button>
        <button type="button" className="text-muted underline-offset-2 hover:underline" onClick={onCancel}>
          {t('signin.mfa.startOver')}
        </button>
      </div>
    </form>
  );
}
