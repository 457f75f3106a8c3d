/**
 * GETs start-up sends before the app has rendered (web/main.tsx: the match
 * list on a signed-in start), for the API client to take over instead of asking again.
 * Each is taken once, and only by a request with the same Authorization: any
 * other request, and every later one, goes to the network as usual.
 */
const started = new Map<string, { authorization: string; response: Promise<Response> }>();

export function startEarlyGet(path: string, authorization: string): void {
  // Offline, the API client answers from its cache without waiting for the network: nothing to start.
  if (!navigator.onLine) return;
  const response = fetch(path, { headers: { Accept: 'application/json', Authorization: authorization } });
  response.catch(() => {}); // not unhandled: the request that takes it over sees the failure
  started.set(path, { authorization, response });
}

export function takeEarlyGet(path: string, authorization: string | null): Promise<Response> | null {
  const early = started.get(path);
  if (!early) return null;
  started.delete(path);
  return early.authorization === authorization ? early.response : null;
}
