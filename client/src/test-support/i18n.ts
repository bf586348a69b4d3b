import { createIntl } from 'react-intl';
import { collect } from '../lib/i18n/collect';
import { setFallbackIntl } from '../lib/i18n/use-t';

// Component tests render pieces without the shell's LanguageProvider: they read the English catalogue.
const messages = collect(import.meta.glob('../../../common/i18n/en/*.json', { eager: true, import: 'default' }));
setFallbackIntl(createIntl({ locale: 'en-US', messages }));
