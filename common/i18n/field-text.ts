// The messages of the forms' own schemas (bank account, weekly hours, time off): a screen area's
// texts (fields), so they ride with the screens that use them, not in every visitor's first load.
import english from './en/screens/fields.json' with { type: 'json' };
import { addNames, englishOf, fillTemplate, recogniseShape, rememberText } from './validation';

export type FieldKey = Exclude<keyof typeof english, 'default'>;
type Values = Record<string, string | number>;

const NAME_PREFIX = 'fields.name.';
addNames(
  (Object.keys(english) as FieldKey[])
    .filter((key) => key.startsWith(NAME_PREFIX))
    .map((key): [string, FieldKey] => [english[key], key]),
);

const sayEnglish = englishOf(english as Record<FieldKey, string>);

/** The English text of a message a schema makes once, when it is built; remembered by its key. */
export function fieldText(key: FieldKey, values: Values = {}): string {
  const text = sayEnglish(key, values);
  rememberText(text, key, values);
  return text;
}

/**
 * The English text of a message made while checking, with what was typed in it (a time, a
 * length): nothing is kept per message; the reader's language finds it again by its shape.
 */
export function typedText(key: FieldKey, values: Values): string {
  recogniseShape(key, english[key]);
  return fillTemplate(english[key], values);
}
