/**
 * The spec's response cache (its offline behaviour): the last successful answer of every GET,
 * kept in localStorage under `api_cache_…` and served when the network fails.
 * Keys carry the signed-in user's id, so one account never sees another's data on a
 * shared device; the cache is bounded and cleared on sign-out.
 */
export const CACHE_PREFIX = 'api_cache_';
export const MAX_CACHE_ENTRIES = 60;

interface CachedEntry {
  savedAt: number;
  body: unknown;
}

export const cacheKey = (scope: string, path: string) => `${CACHE_PREFIX}${scope}:${path}`;

function cacheKeys(): string[] {
  const keys: string[] = [];
  for (let i = 0; i < localStorage.length; i += 1) {
    const key = localStorage.key(i);
    if (key?.startsWith(CACHE_PREFIX)) keys.push(key);
  }
  return keys;
}

function readEntry(key: string): CachedEntry | null {
  try {
    const entry = JSON.parse(localStorage.getItem(key) ?? 'null') as CachedEntry | null;
    return entry && typeof entry.savedAt === 'number' ? entry : null;
  } catch {
    return null;
  }
}

export function readCached(scope: string, path: string): CachedEntry | null {
  return readEntry(cacheKey(scope, path));
}

/** Drops the oldest entries until at most `keep` remain. */
function evictOldest(keep: number): void {
  const byAge = cacheKeys()
    .map((key) => ({ key, savedAt: readEntry(key)?.savedAt ?? 0 }))
    .sort((a, b) => a.savedAt - b.savedAt);
  for (const { key } of byAge.slice(0, Math.max(0, byAge.length - keep))) localStorage.removeItem(key);
}

export function writeCached(scope: string, path: string, body: unknown, now = Date.now()): void {
  const key = cacheKey(scope, path);
  const value = JSON.stringify({ savedAt: now, body } satisfies CachedEntry);
  try {
    localStorage.setItem(key, value);
  } catch {
    // Storage full: make room (half the cache) and try once more; a cache miss is not an error.
    evictOldest(Math.floor(MAX_CACHE_ENTRIES / 2));
    try {
      localStorage.setItem(key, value);
    } catch {
      return;
    }
  }
  evictOldest(MAX_CACHE_ENTRIES);
}

export function clearApiCache(): void {
  for (const key of cacheKeys()) localStorage.removeItem(key);
}
