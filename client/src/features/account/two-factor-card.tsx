import { ShieldCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../lib/api';
import { textsFor } from '../../lib/i18n/areas';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { Field, Input } from '../../ui/input';
import { Skeleton } from '../../ui/spinner';
import { toast } from '../../ui/toast-store';
import { useMfaDisable, useMfaStatus } from './mfa-api';
import { TotpSetup } from './totp-setup';
import { LoadFailed } from './load-failed';

const useT = textsFor('account', 'auth');

/** Two-factor sign-in on /profile: set it up, see how many recovery codes are left, turn it off. */
export function TwoFactorCard() {
  const t = useT();
  const status = useMfaStatus();
  const [settingUp, setSettingUp] = useState(false);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          <ShieldCheck className="h-5 w-5 text-brand-700" aria-hidden /> {t('account.mfa.title')}
          {status.data && (
            <Badge variant={status.data.enabled ? 'success' : 'secondary'}>
              {status.data.enabled ? t('account.mfa.on') : t('account.mfa.off')}
            </Badge>
          )}
        </CardTitle>
        <CardDescription>{t('account.mfa.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {status.isPending ? (
          <Skeleton className="h-10 w-full" />
        ) : status.isError ? (
          <LoadFailed message={t('account.mfa.loadFailed')} onRetry={() => void status.refetch()} />
        ) : status.data.enabled && !settingUp ? (
          <DisableForm recoveryCodesLeft={status.data.recoveryCodesLeft} />
        ) : settingUp ? (
          <TotpSetup onDone={() => setSettingUp(false)} />
        ) : (
          <Button onClick={() => setSettingUp(true)}>{t('account.mfa.setUp')}</Button>
        )}
      </CardContent>
    </Card>
  );
}

function DisableForm({ recoveryCodesLeft }: { recoveryCodesLeft: number }) {
  const t = useT();
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
        onSuccess: () => toast({ title: t('account.mfa.isOff'), variant: 'success' }),
        onError: (e) => setError(errorMessage(e, t('account.mfa.turnOffFailed'))),
      },
    );
  };
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-ink">{t('account.mfa.codesLeft', { left: recoveryCodesLeft, total: 10 })}</p>
      {!open ? (
        <div>
          <Button variant="outline" onClick={() => setOpen(true)}>
            {t('account.mfa.turnOffShort')}
          </Button>
        </div>
      ) : (
        <form onSubmit={submit} className="flex flex-col gap-3 sm:max-w-xs" noValidate>
          {error && (
            <p role="alert" className="text-sm text-danger">
              {error}
            </p>
          )}
          <Field label={t('auth.field.password')}>
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
          <Field label={t('account.mfa.codeOrRecovery')}>
            {(p) => (
              <Input {...p} autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} />
            )}
          </Field>
          <div className="flex flex-wrap gap-2">
            <Button
              type="submit"
              variant="destructive"
              disabled={disable.isPending}
              reason={!password || !code ? t('account.mfa.passwordAndCodeFirst') : null}
            >
              {disable.isPending ? t('account.mfa.turningOff') : t('account.mfa.turnOff')}
            </Button>
            <Button variant="ghost" onClick={() => setOpen(false)}>
              {t('account.cancel')}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
