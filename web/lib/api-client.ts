import type { z } from 'zod';
import { messages } from '#contract/messages';
import { loadContract } from './contract.ts';
import { noteFreshAnswer, noteServedFromCache } from './connectivity.ts';
import { takeEarlyGet } from './early-requests.ts';
import { readCached, writeCached } from './offline-cache.ts';

/**
 * A failed API call. `serverMessage` is the Spanish `message` of the server's
 * error body when there was one; screens show it, or their own fallback text.
 */
export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';
  readonly status: number;
  readonly serverMessage: string | null;

  constructor(status: number, serverMessage: string | null, detail: string) {
    super(serverMessage ?? detail);
    this.status = status;
    this.serverMessage = serverMessage;
  }
}

/** The text a toast should show for `error`: the server's message, else the screen's fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiRequestError && error.serverMessage ? error.serverMessage : fallback;
}

/**
 * The call never reached the server, or only the offline cache could have answered it
 * (its 503 with `networkUnavailable`): no connection, as opposed to an answer from the server.
 */
export function isConnectionFailure(error: unknown): boolean {
  if (!(error instanceof ApiRequestError)) return false;
  return error.status === 0 || (error.status === 503 && error.serverMessage === messages.networkUnavailable);
}

export interface ApiClientHooks {
  /** The stored session's token, sent as `Authorization: Bearer …` on authenticated calls. */
  getAccessToken(): string | null;
  /** Called when an authenticated call answers 401: the session is gone on the server. */
  onUnauthorized(error: ApiRequestError): void;
  /** Whose offline cache answers are kept in (the signed-in user's id); null: no caching. */
  getCacheScope?(): string | null;
}

// The accounts feature plugs itself in at start-up, so this module never depends on a feature.
let hooks: ApiClientHooks = {
  getAccessToken: () => null,
  onUnauthorized: () => {},
};

export function configureApiClient(next: ApiClientHooks): void {
  hooks = next;
}

/** The `Authorization` header of the stored session, for a call that is not a JSON request (the live channel). */
export function authorizationHeader(): Record<string, string> {
  const accessToken = hooks.getAccessToken();
  return accessToken ? { Authorization: `Bearer ${accessToken}` } : {};
}

export interface ApiRequestOptions<Schema extends z.ZodType> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Contract schema the successful response body must match. */
  schema: Schema;
  /** Sign-in and sign-up are the only calls made without a session. */
  authenticated?: boolean;
  /** False: never kept in (nor answered from) the offline cache, e.g. the admin area's lists of accounts. */
  offlineCache?: boolean;
}

/**
 * The one way screens talk to the API (same origin, JSON). Every response is
 * checked against the contract, so a screen never renders a shape it did not expect.
 */
export async function apiRequest<Schema extends z.ZodType>(
  path: string,
  { method = 'GET', body, schema, authenticated = true, offlineCache = true }: ApiRequestOptions<Schema>,
): Promise<z.output<Schema>> {
  const headers = new Headers({ Accept: 'application/json', ...(authenticated ? authorizationHeader() : {}) });
  if (body !== undefined) headers.set('Content-Type', 'application/json');

  // The spec's offline behaviour: only successful GETs are cached, and only they are ever answered from the cache.
  const cacheScope = method === 'GET' && authenticated && offlineCache ? (hooks.getCacheScope?.() ?? null) : null;
  let response: Response;
  try {
    response = await send(path, { method, headers, body: body === undefined ? null : JSON.stringify(body) });
  } catch (networkError) {
    if (cacheScope === null) throw networkError;
    const cached = readCached(cacheScope, path);
    // No cached answer either: the spec's 503-style response, which screens show as their error state.
    if (!cached)
      throw new ApiRequestError(503, messages.networkUnavailable, `${method} ${path}: offline, nothing cached`);
    const parsedCache = schema.safeParse(cached.body);
    if (!parsedCache.success) throw networkError;
    noteServedFromCache(cached.savedAt);
    return parsedCache.data;
  }
  const payload = await readJson(response);

  if (!response.ok) {
    const { ApiErrorSchema } = await loadContract();
    const parsedError = ApiErrorSchema.safeParse(payload);
    const error = new ApiRequestError(
      response.status,
      parsedError.success ? parsedError.data.message : null,
      `${method} ${path} failed with HTTP ${response.status}`,
    );
    if (response.status === 401 && authenticated) hooks.onUnauthorized(error);
    throw error;
  }

  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    throw new ApiRequestError(
      response.status,
      null,
      `${method} ${path} answered a body that does not match the contract: ${parsed.error.message}`,
    );
  }
  if (cacheScope !== null) writeCached(cacheScope, path, payload);
  noteFreshAnswer();
  return parsed.data;
}

async function send(path: string, init: RequestInit & { method: string }): Promise<Response> {
  try {
    // The browser may claim a connection it does not have; when it knows it is offline, don't wait.
    if (!navigator.onLine) throw new Error('navigator is offline');
    const early = init.method === 'GET' ? takeEarlyGet(path, new Headers(init.headers).get('Authorization')) : null;
    return await (early ?? fetch(path, init));
  } catch (cause) {
    // No answer at all (offline, server down): there is no server message to show.
    throw new ApiRequestError(0, null, `${init.method} ${path} could not reach the server: ${String(cause)}`);
  }
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
