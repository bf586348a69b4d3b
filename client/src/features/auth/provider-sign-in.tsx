import { Building2 } from 'lucide-react';
import { isOidcErrorCode } from '@common/schemas/oidc';
import { textsFor } from '../../lib/i18n/areas';
import { Button } from '../../ui/button';
import { FormMessage } from './auth-card';
import { startOidcSignIn, useOidcProvider } from './oidc-api';

const useT = textsFor('signin');

/**
 * "Sign in with <clinic>" above the password form, when this server offers a clinic's identity
 * provider, and the reason a sign-in there was refused (`?oidcError=`, set by the callback).
 */
export function ProviderSignIn({ returnTo, errorCode }: { returnTo: string; errorCode: string | null }) {
  const t = useT();
  const { data } = useOidcProvider();
  const provider = data?.provider;
  // The sentences of oidcErrorMessage (common/schemas/oidc.ts), in the reader's language.
  const error = isOidcErrorCode(errorCode)
    ? t(`signin.oidcError.${errorCode}`, { name: provider?.name ?? t('signin.provider.yourClinic') })
    : null;
  if (!provider)
    return error ? (
      <div className="mb-5">
        <FormMessage tone="error">{error}</FormMessage>
      </div>
    ) : null;
  return (
    <div className="mb-5 flex flex-col gap-4">
      {error && <FormMessage tone="error">{error}</FormMessage>}
      <Button
        variant="outline"
        className="w-full"
        onClick={() => startOidcSignIn(returnTo)}
        reason={provider.available ? null : t('signin.provider.unreachable', { name: provider.name })}
      >
        <Building2 className="h-4 w-4" aria-hidden />
        {t('signin.provider.signInWith', { name: provider.name })}
      </Button>
      <p className="flex items-center gap-3 text-xs text-muted">
        <span className="h-px flex-1 bg-line" aria-hidden />
        {t('signin.provider.or')}
        <span className="h-px flex-1 bg-line" aria-hidden />
      </p>
    </div>
  );
}
