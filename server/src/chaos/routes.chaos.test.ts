import { validateHeaderName, validateHeaderValue } from 'node:http';
import type { FastifySchema } from 'fastify';
import type { z } from 'zod';
import { afterAll, expect, it } from 'vitest';
import { apiErrorSchema } from '@common/schemas/errors';
import type { UserType } from '@common/schemas/auth';
import { allowedRoles } from '../http/access';
import { createTestApp } from '../test-support/test-app';
import { testDriver } from '../test-support/test-database';
import { buildWorld } from './fuzz-world';
import { payloadsFor, SEED } from './payloads';
import { baselineFor, fieldsOf, futureDate } from './schema-walk';

/**
 * Generated from the route table: every registered route, every field of its params, query and
 * body, a catalogue of hostile values plus fast-check's, as a visitor and as a user of the route's
 * role. A new route is fuzzed without touching this file. Nothing may answer 5xx, and every
 * refusal must carry the API error shape.
 */
const t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '100000' });
const world = await buildWorld(t.db);
const routes = t.app.routeTable.filter((r) => r.method !== 'OPTIONS');

type Part = 'params' | 'querystring' | 'body';
type Input = Record<Part, Record<string, unknown> | undefined>;
type Outcome = { route: string; caller: string; where: string; kind: string; status: number; problem?: string };

const outcomes: Outcome[] = [];
const baselineGaps: string[] = [];
const baselineRefusals: string[] = [];
let serial = 0;

/**
 * Fields that must differ between requests get a fresh value each time (an e-mail, a booking's
 * date), so the hostile value in another field reaches the database instead of being refused as
 * a duplicate.
 */
function varyPerRequest(body: Record<string, unknown> | undefined, mutated: string) {
  if (!body) return body;
  const n = ++serial;
  const out = { ...body };
  if ('email' in out && mutated !== 'body.email') out.email = `fuzz.${SEED}.${n}@example.com`;
  for (const key of Object.keys(out)) {
    if (/date$/i.test(key) && mutated !== `body.${key}` && typeof out[key] === 'string')
      out[key] = futureDate(3 + (n % 60));
  }
  return out;
}

function callersOf(access: unknown): (UserType | null)[] {
  const roles = access && access !== 'public' && access !== 'user' ? allowedRoles(access as never) : null;
  return [null, roles?.[0] ?? 'patient'];
}

const asText = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

/** Percent-encodes like encodeURIComponent, but sends a lone surrogate's raw bytes instead of throwing. */
function encodeSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...value]
      .map((ch) => {
        const code = ch.charCodeAt(0);
        if (ch.length === 1 && code >= 0xd800 && code <= 0xdfff)
          return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
            .map((b) => `%${b.toString(16).toUpperCase()}`)
            .join('');
        return encodeURIComponent(ch);
      })
      .join('');
  }
}

function urlFor(
  template: string,
  params: Record<string, unknown> | undefined,
  query: Record<string, unknown> | undefined,
) {
  const path = template.replace(/:([A-Za-z]+)/g, (_m, name: string) => encodeSegment(asText(params?.[name] ?? '')));
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) search.append(key, asText(item));
    else search.append(key, value === null ? '' : asText(value));
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

function setPath(target: Record<string, unknown> | undefined, path: string[], value: unknown) {
  const copy = structuredClone(target ?? {}) as Record<string, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) {
    if (typeof node[key] !== 'object' || node[key] === null) node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  node[path.at(-1)!] = value;
  return copy;
}

type Send = { url: string; payload?: string; contentType?: string };

async function send(method: string, cookie: string | undefined, req: Send) {
  const headers: Record<string, string> = {};
  if (cookie) headers.cookie = cookie;
  if (req.payload !== undefined) headers['content-type'] = req.contentType ?? 'application/json';
  // A new address per request, so per-address rate limits do not turn the run into a wall of 429s.
  const n = ++serial;
  const remoteAddress = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  return t.app.inject({ method: method as 'GET', url: req.url, headers, payload: req.payload, remoteAddress });
}

/**
 * Injected requests skip Node's header checks, which a real socket applies when the reply is
 * written: a header the server could not send is a 500 in production.
 */
function unsendableHeader(headers: Record<string, unknown>): string | undefined {
  for (const [name, value] of Object.entries(headers)) {
    for (const v of [value].flat()) {
      try {
        validateHeaderName(name);
        validateHeaderValue(name, String(v));
      } catch {
        return `header ${name} cannot be sent (${JSON.stringify(String(v)).slice(0, 60)}): a real server answers 500`;
      }
    }
  }
  return undefined;
}

function judge(status: number, contentType: string | undefined, body: string, html: boolean): string | undefined {
  if (status >= 500) return `answered ${status}`;
  if (status < 400) return undefined;
  // A page for people (the unsubscribe link) refuses with a page; it must still say why.
  if (html && contentType?.includes('text/html')) return body.trim() ? undefined : `refusal ${status} is an empty page`;
  if (!contentType?.includes('application/json')) return `refusal ${status} is ${contentType ?? 'untyped'}, not JSON`;
  try {
    const parsed = apiErrorSchema.safeParse(JSON.parse(body));
    return parsed.success ? undefined : `refusal ${status} lacks the error shape: ${body.slice(0, 120)}`;
  } catch {
    return `refusal ${status} is not valid JSON: ${body.slice(0, 120)}`;
  }
}

for (const route of routes) {
  const name = `${route.method} ${route.url}`;
  it(`${name} never answers 5xx and refuses in the error shape`, { timeout: 120_000 }, async () => {
    const schema = (route.schema ?? {}) as FastifySchema & Partial<Record<Part, z.ZodType>>;
    const failures: Outcome[] = [];
    const hasBody = !['GET', 'HEAD', 'DELETE'].includes(route.method);
    for (const role of callersOf(route.access)) {
      const caller = role ?? 'visitor';
      const cookie = role ? await world.cookie(role) : undefined;
      const ids = world.idFor(route.url, role);
      const base: Input = { params: undefined, querystring: undefined, body: undefined };
      for (const part of ['params', 'querystring', 'body'] as const) {
        const made = baselineFor(schema[part], ids, SEED);
        base[part] = made.value as Record<string, unknown> | undefined;
        if (!made.ok && role) baselineGaps.push(`${name} ${part} (as ${caller})`);
      }
      const requests: { where: string; kind: string; req: Send }[] = [];
      const plain = (body = base.body) => ({
        url: urlFor(route.url, base.params, base.querystring),
        payload: hasBody ? JSON.stringify(varyPerRequest(body, '') ?? {}) : undefined,
      });
      requests.push({ where: '-', kind: 'valid baseline', req: plain() });
      requests.push({
        where: 'url',
        kind: 'malformed percent-encoding',
        req: { ...plain(), url: `${plain().url}${plain().url.includes('?') ? '&' : '?'}x=%E0%A4%A` },
      });
      if (hasBody) {
        const url = plain().url;
        for (const [kind, payload, contentType] of [
          ['malformed JSON', '{"a": 1,', undefined],
          ['JSON null', 'null', undefined],
          ['JSON array', '[1,2,3]', undefined],
          ['JSON string', '"just a string"', undefined],
          ['empty JSON body', '', undefined],
          ['deeply nested JSON', '['.repeat(5000) + ']'.repeat(5000), undefined],
          ['text/plain body', JSON.stringify(base.body ?? {}), 'text/plain'],
          ['form body', 'a=1&b=2', 'application/x-www-form-urlencoded'],
          ['body over the limit', JSON.stringify({ blob: 'a'.repeat(3 * 1024 * 1024) }), undefined],
          ['prototype pollution', '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}', undefined],
        ] as const) {
          requests.push({ where: 'body', kind, req: { url, payload, contentType } });
        }
      }
      for (const part of ['params', 'querystring', 'body'] as const) {
        for (const field of fieldsOf(schema[part])) {
          const where = `${part}.${field.path.join('.')}`;
          for (const { kind, value } of payloadsFor(`${name}|${where}`, world.foreign)) {
            const input = { ...base, [part]: setPath(base[part], field.path, value) };
            requests.push({
              where,
              kind,
              req: {
                url: urlFor(route.url, input.params, input.querystring),
                payload: hasBody ? JSON.stringify(varyPerRequest(input.body, where) ?? {}) : undefined,
              },
            });
          }
        }
      }
      for (let i = 0; i < requests.length; i += 8) {
        const batch = requests.slice(i, i + 8);
        const replies = await Promise.all(batch.map(({ req }) => send(route.method, cookie, req)));
        replies.forEach((res, j) => {
          const { where, kind } = batch[j];
          const problem =
            unsendableHeader(res.headers) ??
            judge(res.statusCode, res.headers['content-type'] as string | undefined, res.body, route.answersHtml);
          const outcome = { route: name, caller, where, kind, status: res.statusCode, problem };
          outcomes.push(outcome);
          if (problem) failures.push(outcome);
          if (kind === 'valid baseline' && role && res.statusCode >= 400)
            baselineRefusals.push(`${name} as ${caller} → ${res.statusCode} ${res.body.slice(0, 140)}`);
        });
      }
    }
    for (const f of failures)
      console.log(`FUZZ FAIL ${f.route} as ${f.caller} · ${f.where} · ${f.kind} → ${f.problem}`);
    expect(failures.map((f) => `${f.caller} ${f.where} ${f.kind}: ${f.problem}`)).toEqual([]);
  });
}

afterAll(async () => {
  const rows = new Map<
    string,
    { requests: number; ok: number; redirect: number; refused: number; failed: number; shape: number }
  >();
  for (const o of outcomes) {
    const row = rows.get(o.route) ?? { requests: 0, ok: 0, redirect: 0, refused: 0, failed: 0, shape: 0 };
    row.requests++;
    const unsendable = o.problem?.includes('cannot be sent');
    if (o.status >= 500 || unsendable) row.failed++;
    else if (o.status >= 400) row.refused++;
    else if (o.status >= 300) row.redirect++;
    else row.ok++;
    if (o.problem && o.status < 500 && !unsendable) row.shape++;
    rows.set(o.route, row);
  }
  const total = { requests: 0, ok: 0, redirect: 0, refused: 0, failed: 0, shape: 0 };
  const lines = [...rows].map(([route, r]) => {
    for (const k of Object.keys(total) as (keyof typeof total)[]) total[k] += r[k];
    return `${route.padEnd(52)} ${[r.requests, r.ok, r.redirect, r.refused, r.failed, r.shape].map((n) => String(n).padStart(6)).join(' ')}`;
  });
  const header = `${'route'.padEnd(52)} ${['reqs', '2xx', '3xx', '4xx', '5xx', 'shape'].map((s) => s.padStart(6)).join(' ')}`;
  const sum = `${`TOTAL ${rows.size} routes (${testDriver}, seed ${SEED})`.padEnd(52)} ${[total.requests, total.ok, total.redirect, total.refused, total.failed, total.shape].map((n) => String(n).padStart(6)).join(' ')}`;
  console.log(
    [
      '',
      'Fuzz summary',
      header,
      ...lines,
      sum,
      ...(baselineRefusals.length
        ? [
            '',
            'Valid-looking baseline refused by the handler (fields reach validation only):',
            ...baselineRefusals.map((g) => `  ${g}`),
          ]
        : []),
      ...(baselineGaps.length
        ? [
            '',
            'No valid baseline (fields fuzzed against an otherwise invalid request):',
            ...baselineGaps.map((g) => `  ${g}`),
          ]
        : []),
    ].join('\n'),
  );
  await t.close();
});
