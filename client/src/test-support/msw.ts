import type { RequestHandler } from 'msw';
import { setupServer, type SetupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';

// The app asks for relative URLs (`/api/...`), which Node's fetch refuses: they are read against
// the document's origin, as a browser would. Files without a document (node) get a stand-in.
const origin = () => (typeof location === 'undefined' ? 'http://localhost' : location.origin);

/**
 * jsdom's FormData and File are not Node's: Node's fetch sends such a form's file as "blob",
 * where a browser sends the file's own name (and Node 24's FormData refuses jsdom's Blob). The
 * form is copied into Node's classes first, its files as `node:buffer` Files.
 */
async function nodeForm(form: FormData): Promise<FormData> {
  const NodeFormData = (await new Response(new URLSearchParams()).formData()).constructor as typeof FormData;
  if (form.constructor === NodeFormData) return form;
  const copy = new NodeFormData();
  for (const [name, value] of form) {
    if (typeof value === 'string') copy.append(name, value);
    else copy.append(name, new NodeFile([await value.arrayBuffer()], value.name, { type: value.type }));
  }
  return copy;
}

/** A request as the app called fetch with it: its path as written and its text body. */
export type Started = { method: string; url: string; body: string };

/**
 * The server, and every request the app started in the current test, logged the moment fetch is
 * called: a handler runs some ticks later, too late for a synchronous "nothing was sent".
 */
export type TestServer = SetupServer & { started: Started[] };

// Node's own File (the client's types know only the browser's; the tests run in Node).
const nodeBuffer = 'node:buffer';
const { File: NodeFile } = (await import(/* @vite-ignore */ nodeBuffer)) as { File: typeof File };

/**
 * A handler's multipart body. Node 24's parser makes each file with the global File, which under
 * jsdom is jsdom's, and then refuses it as not its own: Node's File stands in while it parses.
 */
export async function formOf(request: Request): Promise<FormData> {
  const jsdomFile = globalThis.File;
  globalThis.File = NodeFile;
  try {
    return await request.formData();
  } finally {
    globalThis.File = jsdomFile;
  }
}

/**
 * One Mock Service Worker server for the calling test file: its handlers answer the app's
 * requests, a test's own `server.use(...)` is dropped after it, and a request no handler answers
 * fails the test that sent it. Call it once at the top of a file: with `isolate: false` a worker
 * evaluates this module once for many files, so each file must start and close its own server.
 */
export function startServer(...handlers: RequestHandler[]): TestServer {
  const server = Object.assign(setupServer(...handlers), { started: [] as Started[] });
  const unhandled: string[] = [];
  let intercepted: typeof fetch | undefined;
  beforeAll(() => {
    server.listen({
      onUnhandledRequest: (request, print) => {
        unhandled.push(`${request.method} ${request.url}`);
        print.error();
      },
    });
    // Wrapped after listen(), so MSW's own fetch receives the absolute URL.
    const patched = globalThis.fetch;
    intercepted = patched;
    globalThis.fetch = async (input, init) => {
      const request = input instanceof Request ? input : null;
      server.started.push({
        method: init?.method ?? request?.method ?? 'GET',
        url: request ? request.url : String(input),
        body: typeof init?.body === 'string' ? init.body : '',
      });
      return patched(
        typeof input === 'string' ? new URL(input, origin()).href : input,
        init?.body instanceof FormData ? { ...init, body: await nodeForm(init.body) } : init,
      );
    };
  });
  afterEach(() => {
    server.resetHandlers();
    server.started.length = 0;
    // The app may have swallowed the failed request; the test must not pass over it.
    const missed = unhandled.splice(0);
    if (missed.length) throw new Error(`Requests no handler answered: ${missed.join(', ')}`);
  });
  afterAll(() => {
    if (intercepted) globalThis.fetch = intercepted;
    server.close();
  });
  return server;
}

/** The request's path with its query, as the app wrote it: what the old tests compared. */
export const pathOf = (request: Request) => {
  const url = new URL(request.url);
  return url.pathname + url.search;
};
