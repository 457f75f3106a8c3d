import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiRequestError, apiRequest, configureApiClient, errorMessage } from './api-client.ts';
import { startEarlyGet } from './early-requests.ts';
import { stubFetch } from './test-fetch.ts';

const fetchMock = stubFetch();
const onUnauthorized = vi.fn();
let accessToken: string | null = 'token-abc';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function sentRequest(): { init: RequestInit; headers: Headers } {
  const init = fetchMock.mock.calls[0]?.[1] ?? {};
  return { init, headers: new Headers(init.headers) };
}

const GreetingSchema = z.object({ data: z.object({ greeting: z.string() }) });

beforeEach(() => {
  accessToken = 'token-abc';
  configureApiClient({ getAccessToken: () => accessToken, onUnauthorized });
});

afterEach(() => {
  onUnauthorized.mockReset();
});

describe('apiRequest', () => {
  it('sends JSON to the same origin with the stored bearer token and returns the parsed body', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { data: { greeting: 'hola' } }));

    const result = await apiRequest('/api/greeting', { method: 'POST', body: { name: 'Ana' }, schema: GreetingSchema });

    expect(result).toEqual({ data: { greeting: 'hola' } });
    expect(fetchMock).toHaveBeenCalledWith('/api/greeting', expect.anything());
    const { init, headers } = sentRequest();
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"name":"Ana"}');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('Authorization')).toBe('Bearer token-abc');
  });

  it('takes over a GET started early (web/main.tsx) once, and only with the same token', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(200, { data: { greeting: 'temprano' } }));
    startEarlyGet('/api/greeting', 'Bearer token-abc');
    startEarlyGet('/api/other', 'Bearer an-old-token');
    expect(fetchMock).toHaveBeenCalledTimes(2);

    expect(await apiRequest('/api/greeting', { schema: GreetingSchema })).toEqual({ data: { greeting: 'temprano' } });
    expect(fetchMock).toHaveBeenCalledTimes(2); // answered by the early request
    await apiRequest('/api/greeting', { schema: GreetingSchema });
    expect(fetchMock).toHaveBeenCalledTimes(3); // a later request asks again
    await apiRequest('/api/other', { schema: GreetingSchema });
    expect(fetchMock).toHaveBeenCalledTimes(4); // another token's early answer is never used
    expect(new Headers(fetchMock.mock.calls[3]?.[1]?.headers).get('Authorization')).toBe('Bearer token-abc');
  });

  it('sends no token on the calls made before signing in', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { data: { greeting: 'hola' } }));
    await apiRequest('/auth/signin', { method: 'POST', body: {}, schema: GreetingSchema, authenticated: false });
    expect(sentRequest().headers.has('Authorization')).toBe(false);
  });

  it("turns an error body into an ApiRequestError carrying the server's message", async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(409, { statusCode: 409, error: 'Conflict', message: 'Ya existe una cuenta con ese correo electrónico.' }),
    );

    const failure = apiRequest('/auth/signup', { method: 'POST', body: {}, schema: GreetingSchema, authenticated: false });

    await expect(failure).rejects.toBeInstanceOf(ApiRequestError);
    await expect(failure).rejects.toMatchObject({
      status: 409,
      serverMessage: 'Ya existe una cuenta con ese correo electrónico.',
    });
  });

  it('has no server message when the error body is not the API error shape', async () => {
    fetchMock.mockResolvedValue(new Response('<h1>Bad gateway</h1>', { status: 502 }));
    await expect(apiRequest('/api/teams', { schema: GreetingSchema })).rejects.toMatchObject({
      status: 502,
      serverMessage: null,
    });
  });

  it('ends the session when an authenticated call answers 401', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(401, { statusCode: 401, error: 'Unauthorized', message: 'Tu sesión ha caducado. Inicia sesión de nuevo.' }),
    );
    await expect(apiRequest('/api/matches', { schema: GreetingSchema })).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('leaves the session alone when a wrong password answers 401', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(401, { statusCode: 401, error: 'Unauthorized', message: 'Correo o contraseña incorrectos.' }),
    );
    const signIn = apiRequest('/auth/signin', { method: 'POST', body: {}, schema: GreetingSchema, authenticated: false });
    await expect(signIn).rejects.toMatchObject({ serverMessage: 'Correo o contraseña incorrectos.' });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('rejects a successful body that does not match the contract', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { data: { greeting: 42 } }));
    await expect(apiRequest('/api/greeting', { schema: GreetingSchema })).rejects.toMatchObject({
      status: 200,
      serverMessage: null,
    });
  });

  it('reports an unreachable server as status 0 without a server message', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(apiRequest('/api/teams', { schema: GreetingSchema })).rejects.toMatchObject({
      status: 0,
      serverMessage: null,
    });
  });
});

describe('errorMessage', () => {
  it("prefers the server's message and falls back to the screen's text", () => {
    expect(errorMessage(new ApiRequestError(401, 'Correo o contraseña incorrectos.', 'x'), 'No se pudo iniciar sesión.')).toBe(
      'Correo o contraseña incorrectos.',
    );
    expect(errorMessage(new ApiRequestError(0, null, 'x'), 'No se pudo iniciar sesión.')).toBe('No se pudo iniciar sesión.');
    expect(errorMessage(new Error('boom'), 'No se pudo iniciar sesión.')).toBe('No se pudo iniciar sesión.');
  });
});

describe('apiRequest offline cache (the offline behaviour of the spec)', () => {
  const MatchesSchema = z.object({ data: z.array(z.number()) });
  let scope: string | null = '7';

  beforeEach(() => {
    localStorage.clear();
    scope = '7';
    configureApiClient({ getAccessToken: () => accessToken, onUnauthorized, getCacheScope: () => scope });
  });

  it('serves the last successful answer when the network fails', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { data: [1, 2] }));
    await apiRequest('/api/matches', { schema: MatchesSchema });
    expect(localStorage.getItem('api_cache_7:/api/matches')).toContain('[1,2]');

    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(await apiRequest('/api/matches', { schema: MatchesSchema })).toEqual({ data: [1, 2] });
  });

  it('answers 503 with a message when offline and nothing is cached', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const error = await apiRequest('/api/matches', { schema: MatchesSchema }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).status).toBe(503);
  });

  it('never serves another user\'s cached answer', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { data: [1] }));
    await apiRequest('/api/matches', { schema: MatchesSchema });
    scope = '8';
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(apiRequest('/api/matches', { schema: MatchesSchema })).rejects.toMatchObject({ status: 503 });
  });

  it('never caches or replays writes', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(201, { data: [9] }));
    await apiRequest('/api/predictions', { method: 'POST', body: {}, schema: MatchesSchema });
    expect(Object.keys(localStorage)).toEqual([]);
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(apiRequest('/api/predictions', { method: 'POST', body: {}, schema: MatchesSchema })).rejects.toMatchObject({ status: 0 });
  });

  it('keeps nothing for a call that opts out (the admin area\'s accounts)', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { data: [3] }));
    await apiRequest('/api/users', { schema: MatchesSchema, offlineCache: false });
    expect(Object.keys(localStorage)).toEqual([]);
  });

  it('shows a server error as an error even when a cached answer exists', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { data: [1] }));
    await apiRequest('/api/matches', { schema: MatchesSchema });
    fetchMock.mockResolvedValueOnce(jsonResponse(500, { statusCode: 500, error: 'Internal Server Error', message: 'Error interno del servidor.' }));
    await expect(apiRequest('/api/matches', { schema: MatchesSchema })).rejects.toMatchObject({ status: 500 });
  });
});
