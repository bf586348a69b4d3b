import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { Direction } from 'radix-ui';
import { INTL_LOCALE, textDirection, type Language } from '@common/i18n/languages';
import { putLanguage, useCurrentUser } from '../lib/current-user';
import type { Messages } from '../lib/i18n/collect';
import { ensureAreas, messagesWithAreas, setActiveLanguage } from '../lib/i18n/areas';
import { applyDocumentLanguage, rememberLanguage } from '../lib/i18n/initial-language';
import { loadMessages } from '../lib/i18n/load-messages';
import { LanguageContext } from '../lib/i18n/use-t';
import { queryKeys } from '../lib/query-keys';

// The lint check proves every key is in every catalogue; a gap that slips through shows English-less
// key text, and is reported once here rather than on every render.
const reportIntlError = (error: unknown) => {
  if (import.meta.env.DEV) console.warn(error);
};

/**
 * The viewer's language for every screen: it starts with the one the page was served in, follows
 * the account's once it is known, and changes with the switch (remembered in a cookie, and on the
 * account when signed in).
 */
export function LanguageProvider({
  initial,
  messages: initialMessages,
  children,
}: {
  initial: Language;
  messages: Messages;
  children: ReactNode;
}) {
  const [state, setState] = useState({ language: initial, messages: initialMessages });
  const { user } = useCurrentUser();
  const client = useQueryClient();
  const wanted = useRef(initial);

  const show = useCallback(async (language: Language) => {
    wanted.current = language;
    // The screens' areas come in the new language too, so nothing on screen waits after the switch.
    const [messages] = await Promise.all([loadMessages(language), ensureAreas(language)]);
    // A later choice made while this catalogue loaded wins.
    if (wanted.current !== language) return;
    applyDocumentLanguage(language);
    rememberLanguage(language);
    setActiveLanguage(language);
    setState({ language, messages });
  }, []);

  // Saves go one after another, so the account ends with the last choice whatever the network does.
  const saving = useRef<Promise<unknown>>(Promise.resolve());
  const save = useCallback(
    (language: Language) => {
      const next = saving.current.then(async () => {
        const updated = await putLanguage.send({ body: { language } });
        if (wanted.current === language) client.setQueryData(queryKeys.currentUser, updated);
      });
      saving.current = next.catch(() => {});
      return next;
    },
    [client],
  );

  const signedIn = user !== null;
  const setLanguage = useCallback(
    (language: Language) => {
      void show(language);
      if (signedIn) void save(language).catch(() => {});
    },
    [show, save, signedIn],
  );

  // The account's language wins once known; an account without one takes the language in use, so
  // its e-mails are written in it too.
  const accountLanguage = user ? user.language : undefined;
  useEffect(() => {
    if (accountLanguage === undefined) return;
    if (accountLanguage === null) void save(wanted.current).catch(() => {});
    else if (accountLanguage !== wanted.current) void show(accountLanguage);
  }, [accountLanguage, save, show]);

  const messages = messagesWithAreas(state.language, state.messages);

  const value = useMemo(() => ({ language: state.language, setLanguage }), [state.language, setLanguage]);
  return (
    <LanguageContext.Provider value={value}>
      <IntlProvider
        locale={INTL_LOCALE[state.language]}
        defaultLocale={INTL_LOCALE.en}
        messages={messages}
        onError={reportIntlError}
      >
        {/* Radix menus, tabs and dialogs lay out and take arrow keys in the page's direction. */}
        <Direction.Provider dir={textDirection(state.language)}>{children}</Direction.Provider>
      </IntlProvider>
    </LanguageContext.Provider>
  );
}
