// The page's only way to the data: cairn's JSON API on the server that served the page
// (same origin, so the Content-Security-Policy's connect-src 'self' holds). A server started
// with --token wants it on every request: the page asks for it once and keeps it in
// sessionStorage, for this tab only (gone when the tab closes; never in a URL or a cookie),
// and sends it as a bearer header — which, like the JSON body of every write, a page of
// another site cannot send here.

const TOKEN_KEY = 'cairn.token';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly hint: string | undefined,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function storedToken(): string | null {
  try {
    return sessionStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function storeToken(token: string | null): void {
  if (token === null) sessionStorage.removeItem(TOKEN_KEY);
  else sessionStorage.setItem(TOKEN_KEY, token);
}

/** Whether the server said it wants a token (the shell's `data-token`). */
export function tokenRequired(): boolean {
  return document.body.dataset['token'] === 'required';
}

async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = storedToken();
  if (token !== null) headers['Authorization'] = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(path, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}), credentials: 'omit', cache: 'no-store' });
  const text = await response.text();
  let json: unknown = null;
  try {
    json = text === '' ? null : JSON.parse(text);
  } catch {
    throw new ApiError(response.status, 'NOT_JSON', `${method} ${path} answered ${response.status} with no JSON`, undefined);
  }
  if (!response.ok) {
    const error = (json as { error?: { code?: string; message?: string; hint?: string } } | null)?.error;
    throw new ApiError(response.status, error?.code ?? 'HTTP_ERROR', error?.message ?? `${method} ${path} answered ${response.status}`, error?.hint);
  }
  return json as T;
}

export const api = {
  get: <T>(path: string): Promise<T> => call<T>('GET', path),
  post: <T>(path: string, body: unknown): Promise<T> => call<T>('POST', path, body),
};

/** A path segment, percent-encoded (entity keys hold "/" and "::"). */
export function segment(value: string): string {
  return encodeURIComponent(value);
}
