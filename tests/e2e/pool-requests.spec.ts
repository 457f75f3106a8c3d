import { expect } from '@playwright/test';
import { playerInPool, test } from './helpers.ts';

test('a pool opens in one round trip: the pool, the matches, the teams and one’s picks at once, each asked for once', async ({ page, api }) => {
  const { player, pool } = await playerInPool(page, api, 'de-una');
  const timings = new Map<string, { count: number; startedAt: number; endedAt: number }>();
  const watched = (url: string) => {
    const { pathname } = new URL(url);
    return [`/api/pools/${pool.id}`, `/api/predictions/user/${player.userProfile.id}`].includes(pathname) ? pathname : null;
  };
  page.on('request', (request) => {
    const path = watched(request.url());
    if (path && request.method() === 'GET') {
      const seen = timings.get(path);
      timings.set(path, { count: (seen?.count ?? 0) + 1, startedAt: seen?.startedAt ?? Date.now(), endedAt: seen?.endedAt ?? 0 });
    }
  });
  page.on('requestfinished', (request) => {
    const path = watched(request.url());
    const seen = path ? timings.get(path) : undefined;
    if (seen && seen.endedAt === 0) seen.endedAt = Date.now();
  });
  const live = page.waitForResponse((response) => response.url().includes(`/api/live/pool/${pool.id}`));
  await page.goto(`/tabs/pool/${pool.id}`);
  await expect(page.getByTestId('prediction-card').first()).toBeVisible();
  await live;
  // The live channel's first "ready" asks for nothing again.
  await page.waitForTimeout(1_500);

  const detail = timings.get(`/api/pools/${pool.id}`);
  const picks = timings.get(`/api/predictions/user/${player.userProfile.id}`);
  expect(detail?.count).toBe(1);
  expect(picks?.count).toBe(1);
  // Asked for together: one's picks before the pool had answered.
  expect(picks!.startedAt).toBeLessThanOrEqual(detail!.endedAt);
});
