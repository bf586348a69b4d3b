import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../lib/api';
import { textsFor } from '../../lib/i18n/areas';
import { Button } from '../../ui/button';
import { Field, Input } from '../../ui/input';
import { Spinner } from '../../ui/spinner';
import { useMfaEnable, useMfaSetup } from './mfa-api';
import { RecoveryCodes } from './recovery-codes';

const useT = textsFor('account');

/**
 * Setting up an authenticator app: the QR code (drawn by our server, as an image), the secret
 * for typing in by hand, then the first code. Ends on the recovery codes.
 */
export function TotpSetup({ onDone, doneLabel }: { onDone: () => void; doneLabel?: string }) {
  const t = useT();
  const setup = useMfaSetup();
  const enable = useMfaEnable();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  if (enable.data) {
    return (
      <div className="flex flex-col gap-4">
        <p role="status" className="text-sm font-medium text-green-800">
          {t('account.mfa.isOn')}
        </p>
        <RecoveryCodes codes={enable.data.recoveryCodes} />
        <div>
          <Button onClick={onDone}>{doneLabel ?? t('account.mfa.done')}</Button>
        </div>
      </div>
    );
  }

  if (!setup.data) {
    return (
      <div className="flex flex-col gap-3">
        {setup.isError && (
          <p role="alert" className="text-sm text-danger">
            {errorMessage(setup.error, t('account.mfa.startFailed'))}
          </p>
        )}
        <div>
          <Button onClick={() => setup.mutate()} disabled={setup.isPending}>
            {setup.isPending ? <Spinner className="h-4 w-4" label={t('account.mfa.starting')} /> : null}
            {t('account.mfa.setUpApp')}
          </Button>
        </div>
      </div>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    enable.mutate({ code, password }, { onError: (e) => setError(errorMessage(e, t('account.mfa.wrongCode'))) });
  };
  const qr = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.data.qrSvg)}`;
  return (
    <div className="flex flex-col gap-4">
      <ol className="list-decimal space-y-1 ps-5 text-sm text-ink">
        <li>{t('account.mfa.step1')}</li>
        <li>{t('account.mfa.step2')}</li>
        <li>{t('account.mfa.step3')}</li>
      </ol>
      <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
        <img
          src={qr}
          alt={t('account.mfa.qrAlt')}
          width={176}
          height={176}
          className="rounded-lg border border-line bg-white p-1"
        />
        <div className="min-w-0">
          <p className="text-xs font-medium text-muted">{t('account.mfa.keyLabel')}</p>
          <p className="break-all font-mono text-sm" dir="ltr" data-testid="totp-secret">
            {setup.data.secret}
          </p>
        </div>
      </div>
      <form onSubmit={submit} className="flex flex-col gap-3 sm:max-w-xs" noValidate>
        <Field label={t('account.mfa.codeLabel')} error={error ?? undefined}>
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
        <Field label={t('account.mfa.passwordLabel')} hint={t('account.mfa.passwordHint')}>
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
        <Button
          type="submit"
          disabled={enable.isPending}
          reason={
            code.trim() === '' ? t('account.mfa.codeFirst') : password === '' ? t('account.mfa.passwordFirst') : null
          }
        >
          {enable.isPending ? t('account.mfa.checking') : t('account.mfa.turnOn')}
        </Button>
      </form>
    </div>
  );
}
