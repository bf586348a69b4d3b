import { Building2 } from 'lucide-react';
import { isOidcErrorCode, oidcErrorMessage } from '@common/schemas/oidc';
import { Button } from '../../ui/button';
import { FormMessage } from './auth-card';
import { startOidcSignIn, useOidcProvider } from './oidc-api';

/**
 * "Sign in with <clinic>" above the password form, when this server offers a clinic's identity
 * provider, and the reason a sign-in there was refused (`?oidcError=`, set by the callback).
 */
export function ProviderSignIn({ returnTo, errorCode }: { returnTo: string; errorCode: string | null }) {
  const { data } = useOidcProvider();
  const provider = data?.provider;
  const error = isOidcErrorCode(errorCode) ? oidcErrorMessage(errorCode, provider?.name ?? 'Your clinic') : null;
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
        reason={
          provider.available
            ? null
            : `${provider.name} cannot be reached right now. Use your Medora password, or try again later.`
        }
      >
        <Building2 className="h-4 w-4" aria-hidden />
        Sign in with {provider.name}
      </Button>
      <p className="flex items-center gap-3 text-xs text-muted">
        <span className="h-px flex-1 bg-line" aria-hidden />
        or use your Medora account
        <span className="h-px flex-1 bg-line" aria-hidden />
      </p>
    </div>
  );
}
