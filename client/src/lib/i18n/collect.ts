import type { MessageFormatElement } from 'react-intl';

/**
 * Compiled messages by key: the build turns each ICU string into its syntax tree (vite.config.ts).
 * Component tests read the JSON as it is, strings, which react-intl parses itself.
 */
export type Messages = Record<string, MessageFormatElement[]>;

/** The area files of one language (shell.json, landing.json …) as one flat table of keys. */
export function collect(files: Record<string, unknown>): Messages {
  return Object.assign({}, ...Object.values(files)) as Messages;
}
