/** A failed request's message is "status: body text" (or the status text), as screens and toasts expect. */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    bodyText: string,
    statusText: string,
    /** The server's own `message`, for toasts. */
    public readonly serverMessage: string | undefined,
    public readonly fields: Record<string, string> | undefined,
  ) {
    super(`${status}: ${bodyText || statusText}`);
  }
}

async function toError(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => '');
  let message: string | undefined;
  let fields: Record<string, string> | undefined;
  try {
    const body = JSON.parse(text) as { message?: unknown; fields?: Record<string, string> };
    if (typeof body.message === 'string') message = body.message;
    fields = body.fields;
  } catch {
    // not JSON; the raw text is already in the message
  }
  return new ApiError(res.status, text, res.statusText, message, fields);
}

/** How many times a request is sent before its network failure reaches the caller. */
export const NETWORK_ATTEMPTS = 3;
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * How long a write waits in all for a first request still running under its key: longer than the
 * server's claim on a request whose instance died (5 s), after which the retry runs it.
 */
const IN_PROGRESS_BUDGET_MS = 12_000;
/**
 * crypto.randomUUID exists only in secure contexts (https, localhost); a demo opened over plain
 * http on another address still gets a random version-4 key from getRandomValues.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/*
 * Signing out ends the session on the server while the page may still have requests running (a
 * dashboard just opened). Answered after that, they come back 401, which the browser reports as a
 * failed load. The page is leaving anyway, so they are aborted, none is sent after, and their
 * promises never settle: no screen flashes an error on its way out.
 */
const leaving = new AbortController();
const never = new Promise<never>(() => {});

/** Called as the page signs out: aborts every request still running and sends no more. */
export function stopRequests() {
  leaving.abort();
}

export type RequestOptions = {
  /** One key for several calls (one form's submissions); by default every write gets its own. */
  idempotencyKey?: string;
};

/** The server is still running the first request under this key (docs/resilience.md): ask again soon. */
async function stillRunning(res: Response): Promise<number | null> {
  if (res.status !== 409) return null;
  const body = (await res
    .clone()
    .json()
    .catch(() => null)) as { code?: unknown } | null;
  if (body?.code !== 'idempotency_key_in_progress') return null;
  const seconds = Number(res.headers.get('retry-after'));
  return Math.min(Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : 1000, 5_000);
}

/**
 * Every request of the client goes through here: same cookies, same JSON, same errors. A write
 * carries an Idempotency-Key, so when the network fails (the answer may or may not have been
 * made) it is sent again with the same key, a bounded number of times: the server runs it once
 * and answers the retry with the first answer. Reads are retried the same way. An HTTP error is
 * an answer and is not retried, except a 409 saying the first request under the key still runs.
 */
async function send(method: string, url: string, body?: unknown, options: RequestOptions = {}): Promise<Response> {
  const write = WRITES.has(method);
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (write) headers['idempotency-key'] = options.idempotencyKey ?? newIdempotencyKey();
  const init: RequestInit = {
    method,
    credentials: 'include',
    headers: Object.keys(headers).length ? headers : undefined,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: leaving.signal,
  };
  let networkFailures = 0;
  let waited = 0;
  for (;;) {
    if (leaving.signal.aborted) return never;
    let res: Response;
    try {
      res = await fetch(url, init);
    } catch (error) {
      if (leaving.signal.aborted) return never;
      // A TypeError is fetch's network failure; an abort or anything else is not retried.
      if (++networkFailures >= NETWORK_ATTEMPTS || !(error instanceof TypeError)) throw error;
      await pause(250 * networkFailures);
      continue;
    }
    const wait = write && waited < IN_PROGRESS_BUDGET_MS ? await stillRunning(res) : null;
    if (wait !== null) {
      waited += Math.max(wait, 250);
      await pause(wait);
      continue;
    }
    if (!res.ok) throw await toError(res);
    return res;
  }
}

async function readJson<T>(res: Response): Promise<T> {
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}

/** The reply's JSON (undefined for 204) with its headers, unchecked: ./endpoint.ts parses it. */
export async function apiExchange(
  method: string,
  url: string,
  body?: unknown,
  options?: RequestOptions,
): Promise<{ data: unknown; headers: Headers }> {
  const res = await send(method, url, body, options);
  return { data: await readJson<unknown>(res), headers: res.headers };
}

export async function apiRequest<T>(method: string, url: string, body?: unknown, options?: RequestOptions): Promise<T> {
  return readJson<T>(await send(method, url, body, options));
}

export const apiGet = <T>(url: string) => apiRequest<T>('GET', url);

/**
 * A multipart form (a file upload), sent once: the browser writes its boundary, and a network
 * failure reaches the person, who can choose the file again, rather than being retried unseen.
 */
export async function apiSendForm(method: string, url: string, form: FormData): Promise<unknown> {
  if (leaving.signal.aborted) return never;
  const res = await fetch(url, {
    method,
    credentials: 'include',
    headers: { 'idempotency-key': newIdempotencyKey() },
    body: form,
    signal: leaving.signal,
  }).catch((error: unknown) => (leaving.signal.aborted ? never : Promise.reject(error)));
  if (!res.ok) throw await toError(res);
  return readJson<unknown>(res);
}

/** Best message for a toast: the server's words, else the given fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}

/** Full-page navigation to sign-in, coming back to where the user was. */
export function goToLogin(returnTo = window.location.pathname + window.location.search) {
  window.location.assign(`/api/login?returnTo=${encodeURIComponent(returnTo)}`);
}
