import { useCallback, type ReactNode } from 'react';
import type { ClientMessageKey } from '@common/i18n/keys';
import { useIntlShape } from './use-t';

export type RichValues = Record<string, ReactNode | ((chunks: ReactNode[]) => ReactNode)>;

/**
 * A catalogue text with elements inside it: a link or a bold word keeps its place in every
 * language's word order (`"Read our <link>Privacy Policy</link>."`, `"You sign in with {email}."`).
 * The area's texts must be loaded: call the module's `useT()` first, as every screen does.
 */
export function useRichT() {
  const intl = useIntlShape();
  return useCallback(
    (id: ClientMessageKey, values: RichValues): ReactNode =>
      intl.formatMessage({ id }, values as Record<string, ReactNode>) as ReactNode,
    [intl],
  );
}
