import { expect } from '@playwright/test';
import { expectToast, playerInPool, seriousA11yViolations, test } from './helpers.ts';

/**
 * "Calendario de cierres" on the pool screen at 390×844 (docs/decisions/077-a-calendar-of-the-closes.md): under the
 * folded rules, a tap asks for the player's own address, which the device's calendar app opens (webcal:) or the
 * player copies; the address serves the calendar to an app that has no session; axe finds nothing serious in it.
 */
test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('a player adds the pool’s calendar of closes, or copies its address', async ({ page, api }) => {
  const { pool } = await playerInPool(page, api, 'calendario');
  await page.goto(`/tabs/pool/${pool.id}`);
  await page.getByTestId('pool-more').locator('summary').click();
  const calendar = page.getByTestId('close-calendar');
  await calendar.getByRole('button', { name: 'Calendario de cierres' }).click();
  await expect(calendar).toContainText('El primer cierre de cada jornada en tu calendario.');

  const add = calendar.getByRole('link', { name: 'Añadir al calendario' });
  const webcal = await add.getAttribute('href');
  expect(webcal).toMatch(/^webcal:\/\/localhost:\d+\/api\/calendar\/\d+\.\d+\.[A-Za-z0-9_-]{22}\.ics$/);
  for (const control of [add, calendar.getByRole('button', { name: 'Copiar enlace' })]) {
    const box = (await control.boundingBox())!;
    expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
  expect(await seriousA11yViolations(page, { within: '[data-testid="close-calendar"]' })).toEqual([]);
  // In the dark theme too, and on the narrowest phone nothing leaves the screen.
  await page.emulateMedia({ colorScheme: 'dark' });
  expect(await seriousA11yViolations(page, { within: '[data-testid="close-calendar"]' })).toEqual([]);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 320, height: 640 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  for (const control of [add, calendar.getByRole('button', { name: 'Copiar enlace' })]) {
    const box = (await control.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(320);
  }
  await page.setViewportSize({ width: 390, height: 844 });

  await calendar.getByRole('button', { name: 'Copiar enlace' }).click();
  await expectToast(page, 'Enlace del calendario copiado al portapapeles.');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(webcal!.replace(/^webcal:/, 'http:'));

  // What the calendar app gets at that address, with no session: the pool's closes.
  const feed = await page.request.get(copied, { headers: { authorization: '' } });
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  expect(await feed.text()).toContain(`X-WR-CALNAME:Cierres · ${pool.name}`);
});
