import { beforeEach, describe, expect, it } from 'vitest';
import { MAX_CACHE_ENTRIES, cacheKey, clearApiCache, readCached, writeCached } from './offline-cache.ts';

beforeEach(() => localStorage.clear());

describe('offline cache', () => {
  it('keys entries by user and request under the api_cache_ prefix', () => {
    writeCached('7', '/api/matches', { data: [1] }, 1000);
    expect(cacheKey('7', '/api/matches')).toBe('api_cache_7:/api/matches');
    expect(JSON.parse(localStorage.getItem('api_cache_7:/api/matches')!)).toEqual({ savedAt: 1000, body: { data: [1] } });
    expect(readCached('7', '/api/matches')).toEqual({ savedAt: 1000, body: { data: [1] } });
  });

  it('never serves one user\'s data to another', () => {
    writeCached('7', '/api/pools/user/7/joined', { data: { pools: ['secreta'] } });
    expect(readCached('8', '/api/pools/user/7/joined')).toBeNull();
  });

  it('keeps at most the newest MAX_CACHE_ENTRIES entries', () => {
    for (let i = 0; i < MAX_CACHE_ENTRIES + 5; i += 1) writeCached('1', `/api/x/${i}`, i, i);
    expect(readCached('1', '/api/x/0')).toBeNull();
    expect(readCached('1', '/api/x/4')).toBeNull();
    expect(readCached('1', '/api/x/5')).not.toBeNull();
    expect(readCached('1', `/api/x/${MAX_CACHE_ENTRIES + 4}`)).not.toBeNull();
  });

  it('clears only its own keys', () => {
    localStorage.setItem('savedMatches', '[1]');
    writeCached('1', '/api/matches', {});
    clearApiCache();
    expect(readCached('1', '/api/matches')).toBeNull();
    expect(localStorage.getItem('savedMatches')).toBe('[1]');
  });

  it('ignores unreadable entries', () => {
    localStorage.setItem(cacheKey('1', '/api/matches'), '{broken');
    expect(readCached('1', '/api/matches')).toBeNull();
  });
});
