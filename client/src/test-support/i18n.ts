import { configure } from '@testing-library/react';
import { createIntl } from 'react-intl';
import { markLoadedForTests } from '../lib/i18n/areas';
import { collect } from '../lib/i18n/collect';
import { setFallbackIntl } from '../lib/i18n/use-t';

// Component tests render pieces without the shell's LanguageProvider: they read the English catalogue,
// the screens' areas included.
const first = import.meta.glob('../../../common/i18n/en/*.json', { eager: true, import: 'default' });
const areas = import.meta.glob('../../../common/i18n/en/screens/*.json', { eager: true, import: 'default' });
markLoadedForTests(
  'en',
  Object.keys(areas).map((file) => file.replace(/^.*\/(.+)\.json$/, '$1')),
);
setFallbackIntl(createIntl({ locale: 'en-US', messages: collect({ ...first, ...areas }) }));

// Component tests share two cores with the server suites in CI: a screen that appears after a
// lazy import and a reply can take more than Testing Library's default second to show.
configure({ asyncUtilTimeout: 5_000 });
