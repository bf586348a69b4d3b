import { z } from 'zod';
import { validationText } from '../i18n/validation';

/**
 * One rule for every string that comes from outside: no NUL or other control characters, which
 * PostgreSQL refuses (NUL), which break calendar files and headers (CR), and which no person types.
 * Multi-line text keeps newline and tab; a Windows line break is read as a newline first.
 */
const SINGLE_LINE_FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
const MULTI_LINE_FORBIDDEN = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/;

export function hasForbiddenCharacters(value: string, multiline = false): boolean {
  return (multiline ? MULTI_LINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN).test(value);
}

export const forbiddenCharactersMessage = (label: string) =>
  validationText('validation.forbiddenCharacters', { label });

type TextOptions = {
  /** Longest accepted length after trimming. */
  max: number;
  /** Shortest accepted length after trimming; 0 allows an empty string. */
  min?: number;
  multiline?: boolean;
  /** The message when the value is missing or shorter than `min`. */
  required?: string;
  /** The message when the value is longer than `max`. */
  tooLong?: string;
};

/**
 * A trimmed string with a length limit and the control-character rule. Every string schema that
 * takes input from a person or a client uses this (or `safeString` for values it parses further).
 */
export function text(label: string, { max, min = 0, multiline = false, required, tooLong }: TextOptions) {
  const missing = required ?? validationText('validation.required', { label });
  return z
    .string({ error: missing })
    .transform((value) => (multiline ? value.replace(/\r\n/g, '\n') : value).trim())
    .pipe(
      z
        .string()
        .min(min, min > 0 ? missing : undefined)
        .max(max, tooLong ?? validationText('validation.tooLong', { label }))
        .refine((value) => !hasForbiddenCharacters(value, multiline), forbiddenCharactersMessage(label)),
    );
}

/** An untrimmed string under the control-character rule: ids, codes, query parameters, secrets. */
export function safeString(label: string, max: number) {
  return z
    .string({ error: validationText('validation.required', { label }) })
    .max(max, validationText('validation.tooLong', { label }))
    .refine((value) => !hasForbiddenCharacters(value), forbiddenCharactersMessage(label));
}

/**
 * Text that is a wire format with its own line breaks (SDP uses CRLF): CR, LF and tab pass, every
 * other control character is refused.
 */
export function protocolText(label: string, max: number, min = 0) {
  return z
    .string({ error: `${label} is required` })
    .min(min, `${label} is required`)
    .max(max, `${label} is too long`)
    .refine(
      (value) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(value),
      forbiddenCharactersMessage(label),
    );
}
