import type { Language } from '@common/i18n/languages';
import type { Messages } from './collect';

/** A language's chunk: its first texts, and the loaders of its screens' areas. */
type Catalogue = { default: Messages; areaFiles: Record<string, () => Promise<unknown>> };

const LOADERS: Record<Language, () => Promise<Catalogue>> = {
  en: () => import('./catalogue-en'),
  es: () => import('./catalogue-es'),
  ar: () => import('./catalogue-ar'),
};

/** The client's catalogue of a language: its own chunk, fetched once. */
export const loadCatalogue = (language: Language): Promise<Catalogue> => LOADERS[language]();

export const loadMessages = async (language: Language): Promise<Messages> => (await loadCatalogue(language)).default;
