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

/** Every request of the client goes through here: same cookies, same JSON, same errors. */
async function send(method: string, url: string, body?: unknown): Promise<Response> {
  const res = await fetch(url, {
    method,
    credentials: 'include',
    headers: body === undefined ? undefined : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw await toError(res);
  return res;
}

async function readJson<T>(res: Response): Promise<T> {
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}

export async function apiRequest<T>(method: string, url: string, body?: unknown): Promise<T> {
  return readJson<T>(await send(method, url, body));
}

/** A GET whose reply headers matter too, e.g. the next page's cursor of the doctor search. */
export async function apiGetWithHeaders<T>(url: string): Promise<{ data: T; headers: Headers }> {
  const res = await send('GET', url);
  return { data: await readJson<T>(res), headers: res.headers };
}

export const apiGet = <T>(url: string) => apiRequest<T>('GET', url);

/** Best message for a toast: the server's words, else the given fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}

/** Full-page navigation to sign-in, coming back to where the user was. */
export function goToLogin(returnTo = window.location.pathname + window.location.search) {
  window.location.assign(`/api/login?returnTo=${encodeURIComponent(returnTo)}`);
}
