import type { Language } from '@common/i18n/languages';
import type { Messages } from './collect';

const LOADERS: Record<Language, () => Promise<{ default: Messages }>> = {
  en: () => import('./catalogue-en'),
  es: () => import('./catalogue-es'),
  ar: () => import('./catalogue-ar'),
};

/** The client's catalogue of a language: its own chunk, fetched once. */
export const loadMessages = async (language: Language): Promise<Messages> => (await LOADERS[language]()).default;
