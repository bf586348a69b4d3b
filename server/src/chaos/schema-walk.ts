import fc from 'fast-check';
import type { z } from 'zod';

/**
 * Reads a route's zod schema the way the fuzzer needs it: which fields there are (nested objects
 * included) and a value for each that the schema accepts, so one field at a time can be spoiled
 * while the others stay valid and the request reaches the handler.
 */
type Def = {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  checks?: { _zod: { def: { check?: string; pattern?: RegExp } } }[];
};

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional']);

/** The schema that decides what the client must send: wrappers peeled, a pipe read from its input side. */
export function core(schema: z.ZodType): z.ZodType {
  let s = schema;
  for (let i = 0; i < 20; i++) {
    const def = defOf(s);
    if (WRAPPERS.has(def.type) && def.innerType) s = def.innerType;
    else if (def.type === 'pipe' && def.in && defOf(def.in).type !== 'transform') s = def.in;
    else if (def.type === 'pipe' && def.in) s = (def as { out?: z.ZodType }).out ?? s;
    else break;
  }
  return s;
}

export type Field = { path: string[]; schema: z.ZodType };

/** Every field of an object schema, nested objects flattened to paths (`card.number`). */
export function fieldsOf(schema: z.ZodType | undefined, prefix: string[] = []): Field[] {
  if (!schema) return [];
  const def = defOf(core(schema));
  if (def.type !== 'object' || !def.shape) return [];
  const out: Field[] = [];
  for (const [key, child] of Object.entries(def.shape)) {
    const path = [...prefix, key];
    out.push({ path, schema: child });
    out.push(...fieldsOf(child, path));
    // A list's first item is a field of its own: hostile values inside an otherwise valid list.
    const list = defOf(core(child));
    if (list.type === 'array' && list.element) {
      out.push({ path: [...path, '0'], schema: list.element });
      out.push(...fieldsOf(list.element, [...path, '0']));
    }
  }
  return out;
}

/** Ids the world around the fuzzer owns, by what the field's name says it is. */
export type IdGuess = (fieldName: string) => string;

/** Every schema a value passes through (both sides of pipes), to read string rules spread over them. */
function chain(schema: z.ZodType, out: z.ZodType[] = []): z.ZodType[] {
  const def = defOf(schema);
  out.push(schema);
  if (WRAPPERS.has(def.type) && def.innerType) chain(def.innerType, out);
  if (def.type === 'pipe') {
    if (def.in) chain(def.in, out);
    const after = (def as { out?: z.ZodType }).out;
    if (after) chain(after, out);
  }
  return out;
}

type StringInfo = { format?: string | null; minLength?: number | null; maxLength?: number | null };

function stringFor(schema: z.ZodType, name: string, ids: IdGuess, seed: number): string {
  const strings = chain(schema).filter((x) => defOf(x).type === 'string') as unknown as StringInfo[];
  const format = strings.map((x) => x.format).find((f) => f && f !== 'regex');
  if (format === 'uuid' || format === 'guid') return ids(name);
  if (format === 'email' || /email/i.test(name)) return `fuzz.${seed}@example.com`;
  if (format === 'url') return 'https://example.com/fuzz';
  const candidates: string[] = [];
  if (/date/i.test(name)) candidates.push(futureDate(10));
  if (/time/i.test(name)) candidates.push('10:00 AM');
  const pattern = chain(schema)
    .flatMap((x) => defOf(x).checks?.map((c) => c._zod.def.pattern) ?? [])
    .find(Boolean);
  if (pattern) candidates.push(...fc.sample(fc.stringMatching(pattern, { size: 'xsmall' }), { seed, numRuns: 50 }));
  const accepted = candidates.find((candidate) => schema.safeParse(candidate).success);
  if (accepted !== undefined) return accepted;
  const min = Math.max(0, ...strings.map((x) => x.minLength ?? 0));
  const max = Math.min(40, ...strings.map((x) => x.maxLength ?? 40));
  const base = 'Fuzz value';
  return (base.length < min ? base.padEnd(min, 'x') : base).slice(0, Math.max(min, Math.min(max, base.length)));
}

/** A value the field's schema accepts, or undefined when the walker cannot make one. */
export function validValue(schema: z.ZodType, name: string, ids: IdGuess, seed = 1): unknown {
  const c = core(schema);
  const def = defOf(c);
  switch (def.type) {
    case 'string':
      return stringFor(schema, name, ids, seed);
    case 'number': {
      const n = c as unknown as { minValue?: number | null; maxValue?: number | null };
      const min = Number.isFinite(n.minValue) ? n.minValue! : 1;
      const max = Number.isFinite(n.maxValue) ? n.maxValue! : min + 10;
      return Math.min(Math.max(1, Math.ceil(min)), Math.floor(max));
    }
    case 'boolean':
      return true;
    case 'enum':
      return Object.values(def.entries ?? {})[0];
    case 'literal':
      return def.values?.[0];
    case 'array':
      return def.element ? [validValue(def.element, name, ids, seed)] : [];
    case 'union':
      return def.options?.[0] ? validValue(def.options[0], name, ids, seed) : undefined;
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(def.shape ?? {})) out[key] = validValue(child, key, ids, seed);
      return out;
    }
    default:
      return undefined;
  }
}

/**
 * A whole valid object for the schema: every field filled, then optional ones dropped if that is
 * what it takes for the schema to accept it. `ok` is false when neither passes (the route is still
 * fuzzed, but spoiled fields may be refused for another field's sake).
 */
export function baselineFor(schema: z.ZodType | undefined, ids: IdGuess, seed = 1) {
  if (!schema) return { value: undefined, ok: true };
  const full = validValue(schema, '', ids, seed) as Record<string, unknown> | undefined;
  if (schema.safeParse(full).success) return { value: full, ok: true };
  const def = defOf(core(schema));
  const required: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(def.shape ?? {})) {
    if (!child.safeParse(undefined).success) required[key] = full?.[key];
  }
  return { value: required, ok: schema.safeParse(required).success };
}

/** A calendar date `days` from today (UTC), as the booking forms send it. */
export function futureDate(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}
