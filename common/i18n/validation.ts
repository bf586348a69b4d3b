// The attribute lets Node's own loader (Playwright's specs import the schemas) read the JSON too.
import english from './en/validation.json' with { type: 'json' };

export type ValidationKey = Exclude<keyof typeof english, 'default'>;
type Values = Record<string, string | number>;

/*
 * Schemas are shared by the client's forms and the server and are built once, in English, before
 * anyone's language is known. Each message they use is made here and remembered with its key, so
 * the server's error reply and the form's error line can say it again in the reader's language.
 */
const made = new Map<string, { key: ValidationKey; values: Values }>();
const LABEL_PREFIX = 'validation.label.';
const labelKeys = new Map<string, ValidationKey>(
  (Object.keys(english) as ValidationKey[])
    .filter((key) => key.startsWith(LABEL_PREFIX))
    .map((key): [string, ValidationKey] => [english[key], key]),
);

/** The English text of a validation message ("First name is required"), remembered by its key. */
export function validationText(key: ValidationKey, values: Values = {}): string {
  const text = english[key].replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? `{${name}}`));
  made.set(text, { key, values });
  return text;
}

/**
 * A message in another language, when it is one of ours (the field's label translated too);
 * any other text comes back as it is.
 */
export function localizeValidation(message: string, translate: (key: ValidationKey, values: Values) => string): string {
  const entry = made.get(message);
  if (!entry) return message;
  const values = { ...entry.values };
  const labelKey = typeof values.label === 'string' ? labelKeys.get(values.label) : undefined;
  if (labelKey) values.label = translate(labelKey, {});
  return translate(entry.key, values);
}
