import { createConfig, lintFromString } from '@redocly/openapi-core';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test-support/test-app';
import { DOCS_PREFIX, OPENAPI_JSON } from './openapi';

/**
 * The drift test: the description is generated from the route table, and this walks the same
 * table, so a route added later without a summary, or one that slips out of the description, or a
 * change that makes the document invalid OpenAPI, fails here without anyone editing this file.
 */
type Operation = {
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  responses: Record<string, { description: string; content?: Record<string, { schema?: unknown }> }>;
};
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> } & Record<string, unknown>;

let t: TestContext;
let doc: Document;
beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: OPENAPI_JSON });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(() => t.close());

const openApiPath = (url: string) => url.replace(/:([A-Za-z]+)/g, '{$1}');
const isDocsPage = (url: string) => url === DOCS_PREFIX || url.startsWith(`${DOCS_PREFIX}/`);
/** Every route a client can call: the API and its WebSocket, not the docs page's own files. */
const apiRoutes = () =>
  t.app.routeTable.filter(
    (r) => (r.url.startsWith('/api/') || r.url === '/ws' || r.url === '/metrics') && !isDocsPage(r.url),
  );
const operations = () =>
  Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })),
  );

describe('the OpenAPI description', () => {
  it('is a valid OpenAPI 3 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toMatch(/^3\./);
  });

  it("passes Redocly's recommended rules, apart from the exceptions named here with their reason", async () => {
    // Structural exceptions of this API, not oversights: each names the operations it covers.
    const accepted: Record<string, { reason: string; where: RegExp }> = {
      // A redirect (OIDC start and callback, the sign-in and sign-out pages) or a WebSocket upgrade
      // (101) has no 2xx reply by nature.
      'operation-2xx-response': {
        reason: 'redirects and the WebSocket upgrade',
        where: /^#\/paths\/(~1api~1auth~1oidc~1(start|callback)|~1api~1login|~1api~1logout|~1ws)\/get\/responses$/,
      },
      // Public reads with no input (health, configuration, catalogues) cannot be refused.
      'operation-4xx-response': {
        reason: 'public reads that take no input',
        where:
          /^#\/paths\/~1api~1(health(~1live|~1ready)?|config|auth~1oidc(~1signup)?|logout|payments~1config|doctors~1filters|specialties|outbreak~1(statistics|cases)|openapi\.json)\/get\/responses$/,
      },
      // The spec fixes these paths (a literal segment beside a parameter under /api/doctors).
      'no-ambiguous-paths': { reason: 'paths the product spec fixes', where: /^#\/paths\/~1api~1doctors~1/ },
    };
    const config = await createConfig({
      extends: ['recommended'],
      // No licence has been chosen for the API yet; the rule would have us invent one.
      rules: { 'info-license': 'off' },
    });
    const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: 'openapi.json', config });
    const left = problems
      .filter((p) => !accepted[p.ruleId]?.where.test(p.location[0]?.pointer ?? ''))
      .map((p) => `${p.severity} ${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`);
    expect(left).toEqual([]);
    // Every operation has a name, and the names are unique (generated clients need both).
    const ids = operations().map(({ op }) => (op as { operationId?: string }).operationId);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('has every endpoint the client calls, with the same method (client/src, endpoint() definitions)', () => {
    const root = path.join(import.meta.dirname, '../../../client/src');
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(
      (f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.startsWith('test-support'),
    );
    const calls: string[] = [];
    let sites = 0;
    for (const file of files) {
      const text = readFileSync(path.join(root, file), 'utf8');
      sites += [...text.matchAll(/\b(?:endpoint|noContentEndpoint)\(\s*(?!method\b)/g)].length;
      for (const [, method, url] of text.matchAll(
        /\b(?:endpoint|noContentEndpoint)\(\s*'(GET|POST|PUT|PATCH|DELETE)',\s*'([^']+)'/g,
      ))
        calls.push(`${method} ${url}`);
    }
    // Every definition names its method and path literally, so none escapes this comparison.
    expect(calls.length).toBeGreaterThan(100);
    expect(calls.length).toBe(sites);
    const missing = calls.filter((call) => {
      const [method, url] = call.split(' ');
      return !doc.paths[openApiPath(url)]?.[method.toLowerCase()];
    });
    expect(missing).toEqual([]);
  });

  it('points every $ref at a component that exists', () => {
    const refs = new Set<string>();
    JSON.stringify(doc, (key, value: unknown) => {
      if (key === '$ref' && typeof value === 'string') refs.add(value);
      return value;
    });
    const missing = [...refs].filter((ref) => {
      let node: unknown = doc;
      for (const part of ref.replace(/^#\//, '').split('/'))
        node = (node as Record<string, unknown> | undefined)?.[part];
      return node === undefined;
    });
    expect(missing).toEqual([]);
  });

  it('has every API route, each with a summary, its access rule and a tag', () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(60);
    const problems: string[] = [];
    for (const route of routes) {
      const name = `${route.method} ${route.url}`;
      if (!route.documented) problems.push(`${name}: not declared through route()`);
      const op = doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      if (!op) {
        problems.push(`${name}: missing from the description`);
        continue;
      }
      if (!op.summary?.trim() || op.summary.includes('\n')) problems.push(`${name}: no one-line summary`);
      if (!/Access: /.test(op.description ?? '')) problems.push(`${name}: no access line`);
      if (!op.tags?.length || op.tags.some((tag) => !tag.trim())) problems.push(`${name}: no tag`);
      const needsSession = route.access !== 'public';
      if (needsSession !== Boolean(op.security?.length)) problems.push(`${name}: security does not match access`);
      if (!needsSession && !Array.isArray(op.security)) problems.push(`${name}: a public route declares no security`);
    }
    expect(problems).toEqual([]);
  });

  it('lists nothing that is not a route of the API', () => {
    const known = new Set(apiRoutes().map((r) => `${r.method} ${openApiPath(r.url)}`));
    expect(
      operations()
        .map((o) => o.name)
        .filter((name) => !known.has(name)),
    ).toEqual([]);
  });

  it('describes each refusal with the error shape: 401/403 from access, 400 from input, 404 from the path', () => {
    const problems: string[] = [];
    for (const route of apiRoutes()) {
      const op = doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      if (!op) continue;
      const name = `${route.method} ${route.url}`;
      const expected = [
        ...(route.access !== 'public' ? ['401'] : []),
        ...(route.access !== 'public' && route.access !== 'user' ? ['403'] : []),
        ...(route.url.includes('/:') ? ['404'] : []),
        ...(route.schema?.body || route.schema?.querystring || route.schema?.params ? ['400'] : []),
      ];
      for (const status of expected) if (!op.responses[status]) problems.push(`${name}: no ${status}`);
      if (!Object.keys(op.responses).some((status) => Number(status) < 400)) problems.push(`${name}: no success reply`);
      for (const [status, reply] of Object.entries(op.responses)) {
        // Refusals only: a 503 may carry its own shape (the health check's).
        if (Number(status) < 400 || Number(status) >= 500) continue;
        const schema = reply.content?.['application/json']?.schema as { $ref?: string } | undefined;
        if (schema?.$ref !== '#/components/schemas/ApiError') problems.push(`${name}: ${status} is not an ApiError`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('shows the declared extras: a conflict, a gone report, the sign-in limit, the WebSocket upgrade', () => {
    expect(doc.paths['/api/appointments']?.post?.responses['409']).toBeDefined();
    expect(doc.paths['/api/outbreak/reports/{id}/download']?.get?.responses['410']).toBeDefined();
    expect(doc.paths['/api/auth/login']?.post?.responses['429']).toBeDefined();
    expect(doc.paths['/api/doctor/payout-account']?.put?.responses['429']).toBeDefined();
    expect(doc.paths['/ws']?.get?.responses['101']).toBeDefined();
  });

  it('describes no internal field in any reply: no password hash, session token or provider secret', () => {
    const names = new Set<string>();
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) return node.forEach(walk);
      if (!node || typeof node !== 'object') return;
      for (const [key, value] of Object.entries(node)) {
        if (key === 'properties' && value && typeof value === 'object') Object.keys(value).forEach((n) => names.add(n));
        walk(value);
      }
    };
    for (const { op } of operations()) walk(op.responses);
    expect(names.size).toBeGreaterThan(100);
    const internal = [...names].filter((n) => /hash|token|secretKey|webhookSecret|sessionId|^snapshot$/i.test(n));
    expect(internal).toEqual([]);
  });

  it('is public and, like the rest of the API, not stored by caches', async () => {
    const res = await t.app.inject({ method: 'GET', url: OPENAPI_JSON });
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('the docs page', () => {
  it('answers HTML to a visitor, and every script and stylesheet it names loads', async () => {
    const page = await t.app.inject({ method: 'GET', url: `${DOCS_PREFIX}/` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).not.toMatch(/<script>(?!\s*<\/script>)|<script(?![^>]*\bsrc=)[^>]*>\S/);
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(assets.some((a) => a.endsWith('swagger-ui-bundle.js'))).toBe(true);
    expect(assets.some((a) => a.endsWith('swagger-initializer.js'))).toBe(true);
    for (const asset of assets) {
      const res = await t.app.inject({ method: 'GET', url: new URL(asset, `http://x${DOCS_PREFIX}/`).pathname });
      expect(res.statusCode, asset).toBe(200);
      expect(res.body.length, asset).toBeGreaterThan(0);
    }
  });

  it('loads the description the page asks for', async () => {
    const init = await t.app.inject({ method: 'GET', url: `${DOCS_PREFIX}/static/swagger-initializer.js` });
    expect(init.body).toContain("resolveUrl('./json')");
    const json = await t.app.inject({ method: 'GET', url: `${DOCS_PREFIX}/json` });
    expect(json.statusCode).toBe(200);
    expect(json.json()).toEqual(doc);
  });
});
