/**
 * GETs sent before the app has loaded (web/boot.ts, inline in index.html: the match list on a
 * signed-in start), for the API client to take over instead of asking again.
 * Each is taken once, and only by a request with the same Authorization: any
 * other request, and every later one, goes to the network as usual.
 */
interface EarlyGet {
  authorization: string;
  response: Promise<Response>;
}

// The inline boot script and the app's chunks each carry a copy of this module: they meet on one map, kept
// on the page's global object under a registered symbol.
const EARLY_GETS = Symbol.for('quiniela.early-gets');
const holder = globalThis as typeof globalThis & { [EARLY_GETS]?: Map<string, EarlyGet> };
const started = (holder[EARLY_GETS] ??= new Map<string, EarlyGet>());

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
