// The attribute lets Node's own loader (Playwright's specs import the schemas) read the JSON too.
import { createIntl, createIntlCache } from '@formatjs/intl';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import english from './en/validation.json' with { type: 'json' };
import { INTL_LOCALE } from './languages';

export type ValidationKey = Exclude<keyof typeof english, 'default'>;
/** Keys of the schemas' messages: these first-chunk ones, and the forms' own (fields area, ./field-text.ts). */
export type SchemaMessageKey = ValidationKey | Exclude<keyof typeof import('./en/screens/fields.json'), 'default'>;
type Values = Record<string, string | number>;

/*
 * Schemas are shared by the client's forms and the server and are built once, in English, before
 * anyone's language is known. Each message they use is made here and remembered with its key, so
 * the server's error reply and the form's error line can say it again in the reader's language.
 * A message that carries what was typed ("Monday 18:00–09:00: …") is not kept (one per request
 * would grow without end): it is recognised again by its English shape.
 */
const made = new Map<string, { key: SchemaMessageKey; values: Values }>();
const shapes: { key: SchemaMessageKey; pattern: RegExp; names: string[] }[] = [];
const LABEL_PREFIX = 'validation.label.';
/** English names said in other languages where they stand in a message (labels, weekdays), by their keys. */
const nameKeys = new Map<string, SchemaMessageKey>(
  (Object.keys(english) as ValidationKey[])
    .filter((key) => key.startsWith(LABEL_PREFIX))
    .map((key): [string, ValidationKey] => [english[key], key]),
);

const intlCache = createIntlCache();
const COMPILED = Symbol.for('medora.icu');
/**
 * A catalogue's English said through ICU like Spanish and Arabic are (selects, plurals, grouped
 * numbers): the schemas carry English, but it is no hand-filled special case.
 */
export function englishOf<K extends string>(messages: Record<K, string>) {
  // Made on first use, not when the module loads: the page's first script would otherwise pay for
  // ICU's start before the first screen, and before the browser's locale question is answered fast.
  let intl: ReturnType<typeof createIntl> | undefined;
  return (key: K, values: Values) => {
    intl ??= createIntl(
      {
        locale: INTL_LOCALE.en,
        // The browser's build has no ICU parser: it gives the messages compiled too (vite.config.ts).
        messages: (messages as { [COMPILED]?: Record<K, MessageFormatElement[]> })[COMPILED] ?? messages,
        // A message that cannot be said would reach a form as its raw template ("{label} is too
        // long"): a programming error, refused where it is made rather than shown to a patient.
        onError: (error) => {
          if (error.code === 'FORMAT_ERROR' || error.code === 'MISSING_TRANSLATION') throw error;
        },
      },
      intlCache,
    );
    return intl.formatMessage({ id: key }, values);
  };
}

/** A typed message's template with its `{name}`s filled: plain names only, so its shape is found again. */
export const fillTemplate = (template: string, values: Values) =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? `{${name}}`));

/** A message made from another catalogue of the schemas (./field-text.ts), remembered like ours. */
export function rememberText(text: string, key: SchemaMessageKey, values: Values) {
  made.set(text, { key, values });
}

/** A message made while checking input: its English template, recognised again by shape. */
export function recogniseShape(key: SchemaMessageKey, template: string) {
  if (shapes.some((shape) => shape.key === key)) return;
  const names: string[] = [];
  const source = template
    .split(/\{(\w+)\}/)
    // A value is one word, number or time ("Monday", "DE", "09:00"): no group can reach across the
    // template's own words, so matching stays cheap whatever a hostile message holds.
    .map((part, i) => (i % 2 ? (names.push(part), '([\\p{L}\\p{N}:]+?)') : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  shapes.push({ key, pattern: new RegExp(`^${source}$`, 'u'), names });
}

/** Names ("Monday", "Start") with their keys, said in the reader's language inside a message. */
export function addNames(entries: [string, SchemaMessageKey][]) {
  for (const [text, key] of entries) nameKeys.set(text, key);
}

/** Longer than any of our messages with values in them: not one of ours. */
const SHAPED_MAX = 200;

function recognised(message: string): { key: SchemaMessageKey; values: Values } | undefined {
  if (message.length > SHAPED_MAX) return undefined;
  for (const { key, pattern, names } of shapes) {
    const match = pattern.exec(message);
    if (match)
      return {
        key,
        values: Object.fromEntries(
          names.map((name, i) => [name, /^\d+$/.test(match[i + 1]) ? Number(match[i + 1]) : match[i + 1]]),
        ),
      };
  }
  return undefined;
}

const sayEnglish = englishOf(english as Record<ValidationKey, string>);

/** The English text of a validation message ("First name is required"), remembered by its key. */
export function validationText(key: ValidationKey, values: Values = {}): string {
  const text = sayEnglish(key, values);
  made.set(text, { key, values });
  return text;
}

/**
 * A message in another language, when it is one of ours (the field's label translated too);
 * any other text comes back as it is.
 */
export function localizeValidation(
  message: string,
  translate: (key: SchemaMessageKey, values: Values) => string,
): string {
  const entry = made.get(message) ?? recognised(message);
  if (!entry) return message;
  const values = Object.fromEntries(
    Object.entries(entry.values).map(([name, value]) => {
      const nameKey = typeof value === 'string' ? nameKeys.get(value) : undefined;
      return [name, nameKey ? translate(nameKey, {}) : value];
    }),
  );
  return translate(entry.key, values);
}
