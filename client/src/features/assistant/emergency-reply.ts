import type { EmergencyKind } from '@common/emergency/detect';
import type { EmergencyNumbers } from '@common/emergency/numbers';
import { INTL_LOCALE, type Language } from '@common/i18n/languages';
import type { Translate } from '../../lib/i18n/use-t';

/** What the assistant answers first: an emergency described, or the Emergency Info action. */
export type EmergencyReplyKind = EmergencyKind | 'info';

// Each number is isolated from the sentence's direction, so "0800 111 0 111" keeps its order in Arabic.
const isolate = (number: string) => `\u2068${number}\u2069`;

function anyOf(numbers: readonly string[], language: Language): string {
  return new Intl.ListFormat(INTL_LOCALE[language], { type: 'disjunction' }).format(numbers.map(isolate));
}

function countryName(code: string, language: Language): string {
  return new Intl.DisplayNames([INTL_LOCALE[language]], { type: 'region' }).of(code) ?? code;
}

/** The emergency number first, the crisis line for thoughts of suicide, then that Medora is not for emergencies. */
export function emergencyReply(
  kind: EmergencyReplyKind,
  where: EmergencyNumbers | undefined,
  t: Translate,
  language: Language,
): string {
  const lines: string[] = [];
  if (!where) lines.push(t('assistant.emergency.unknown'));
  else {
    const country = countryName(where.code, language);
    const numbers = anyOf(where.emergency, language);
    lines.push(t(kind === 'info' ? 'assistant.emergency.info' : 'assistant.emergency.call', { country, numbers }));
  }
  if (kind === 'suicide')
    lines.push(
      where?.crisis
        ? t('assistant.emergency.crisis', {
            country: countryName(where.code, language),
            numbers: anyOf(where.crisis, language),
          })
        : t('assistant.emergency.crisisUnknown'),
    );
  lines.push(t('assistant.emergency.notForEmergencies'));
  return lines.join('\n');
}
