import { describe, expect, it } from 'vitest';
import { createIntl } from 'react-intl';
import { OIDC_ERROR_CODES, oidcErrorMessage } from '@common/schemas/oidc';
import en from '@common/i18n/en/screens/signin.json';
import es from '@common/i18n/es/screens/signin.json';

// The sign-in screen says a refused clinic sign-in from the catalogue; the shared sentences
// (common/schemas/oidc.ts, which server tests read) stay its English source.
describe('a refused clinic sign-in, as the screen says it', () => {
  it('is the shared sentence in English for every code', () => {
    const intl = createIntl({ locale: 'en-US', messages: en });
    for (const code of OIDC_ERROR_CODES)
      expect(intl.formatMessage({ id: `signin.oidcError.${code}` }, { name: 'Riverside Clinic' })).toBe(
        oidcErrorMessage(code, 'Riverside Clinic'),
      );
  });

  it('names the clinic inside the Spanish sentence', () => {
    const intl = createIntl({ locale: 'es', messages: es });
    expect(intl.formatMessage({ id: 'signin.oidcError.cancelled' }, { name: 'Clínica Ribera' })).toBe(
      'Se canceló el inicio de sesión con Clínica Ribera.',
    );
  });
});
