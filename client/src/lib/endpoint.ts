import type { z } from 'zod';
import { apiExchange, apiSendForm, type RequestOptions } from './api';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A reply's schema, or a loader of it: modules of the first page load pass a loader, so zod and
 * the schemas arrive beside the request instead of in the entry script (vite.config.ts).
 */
type SchemaSource<S extends z.ZodType> = S | (() => Promise<S>);

/** The reply is not what the endpoint's schema says: the client and the server disagree. */
export class ReplyMismatchError extends Error {
  constructor(
    readonly endpoint: string,
    readonly issues: readonly z.core.$ZodIssue[],
  ) {
    const where = issues
      .slice(0, 5)
      .map((issue) => `${issue.path.length ? issue.path.join('.') : '(reply)'}: ${issue.message}`)
      .join('; ');
    super(`${endpoint}: reply does not match its schema: ${where}${issues.length > 5 ? '; …' : ''}`);
    this.name = 'ReplyMismatchError';
  }
}

export function parseReply<S extends z.ZodType>(endpoint: string, schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data);
  if (!result.success) throw new ReplyMismatchError(endpoint, result.error.issues);
  return result.data;
}

export type Call = {
  /** Values for the path's `:name` parts. */
  params?: Record<string, string | number>;
  /** The query string; empty values are left out. */
  query?: Record<string, string | number | boolean | null | undefined>;
  body?: unknown;
} & RequestOptions;

export type Endpoint<Reply> = {
  readonly method: Method;
  /** The route as the server declares it, e.g. "/api/doctors/:id". */
  readonly path: string;
  /** "GET /api/doctors/:id": how errors and checks name it. */
  readonly name: string;
  send(call?: Call): Promise<Reply>;
  /** For replies whose headers matter too (the next page's cursor). */
  sendWithHeaders(call?: Call): Promise<{ data: Reply; headers: Headers }>;
};

export function urlOf(path: string, { params, query }: Pick<Call, 'params' | 'query'> = {}): string {
  const filled = path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${filled}?${qs}` : filled;
}

function define<Reply>(method: Method, path: string, parse: () => (data: unknown) => Promise<Reply>): Endpoint<Reply> {
  const name = `${method} ${path}`;
  const sendWithHeaders = async ({ params, query, body, ...options }: Call = {}) => {
    const parser = parse();
    const { data, headers } = await apiExchange(method, urlOf(path, { params, query }), body, options);
    return { data: await parser(data), headers };
  };
  return { method, path, name, sendWithHeaders, send: async (call) => (await sendWithHeaders(call)).data };
}

/** One endpoint of the API whose JSON reply is parsed with `reply` (a mismatch names the endpoint). */
export function endpoint<S extends z.ZodType>(
  method: Method,
  path: string,
  reply: SchemaSource<S>,
): Endpoint<z.output<S>> {
  const name = `${method} ${path}`;
  const load = typeof reply === 'function' ? reply : () => Promise.resolve(reply);
  // A loaded schema starts on its way with the request, not after the reply.
  return define(method, path, () => {
    const schema = load();
    // A request that fails first leaves the schema unread; its failure to load is then nobody's.
    schema.catch(() => undefined);
    return async (data) => parseReply(name, await schema, data);
  });
}

/** An endpoint that answers 204 with no body. */
export function noContentEndpoint(method: Method, path: string): Endpoint<void> {
  return define(method, path, () => async (data) => {
    if (data !== undefined)
      throw new ReplyMismatchError(`${method} ${path}`, [
        { code: 'custom', path: [], message: 'expected no content', input: data },
      ]);
  });
}

/** An endpoint that takes a multipart form (one file upload) and answers JSON parsed with `reply`. */
export function formEndpoint<S extends z.ZodType>(method: Method, path: string, reply: S) {
  const name = `${method} ${path}`;
  return {
    method,
    path,
    name,
    send: async (form: FormData): Promise<z.output<S>> =>
      parseReply(name, reply, await apiSendForm(method, path, form)),
  };
}
