import { collect } from './collect';

// One chunk per language: a visitor downloads only their own (decision 058).
export default collect(
  import.meta.glob('../../../../common/i18n/en/*.json', { eager: true, import: 'default', query: '?icu' }),
);
