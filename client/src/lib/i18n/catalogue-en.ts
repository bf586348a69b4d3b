import { collect } from './collect';

// One chunk per language: a visitor downloads only their own (decision 058).
export default collect(
  import.meta.glob('../../../../common/i18n/en/*.json', { eager: true, import: 'default', query: '?icu' }),
);

// The screens' areas of this language, each its own chunk (decision 062); only their loaders travel here.
export const areaFiles = import.meta.glob('../../../../common/i18n/en/screens/*.json', {
  query: '?icu',
  import: 'default',
});
