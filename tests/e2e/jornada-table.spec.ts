import { expect } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { createFutureMatch, seriousA11yViolations, signedInUser, signInAsAdmin, test, unique } from './helpers.ts';

/*
 * "La jornada en una tabla", in a pool's "Resultados": the players (rows) against the jornada's matches (columns),
 * each cell a pick marked right or wrong; a match still to start shows a lock and nobody's pick. The table scrolls
 * sideways in its own box with the names in sight; the page never does, at 390 px nor at 320 px.
 */

const segment = (page: Page, label: string) => page.getByRole('tab', { name: label, exact: true });

/** Whether the page (not a box inside it) is wider than the phone. */
const pageOverflows = (page: Page) =>
  page.evaluate(() =>
    [document.documentElement, document.body, document.querySelector<HTMLElement>('.app-outlet')].some(
      (element) => element !== null && element.scrollWidth > element.clientWidth + 1,
    ),
  );

const cells = (row: Locator) => row.getByRole('cell');

test('a player sees every pick of the started match marked, no pick of the others, and the page never scrolls sideways', async ({
  page,
  api,
}) => {
  // Four accounts, four matches, six picks, a result, an accessibility scan and two phone widths.
  test.slow();
  const admin = await signInAsAdmin(api);
  // A competition of the test's own: the pool's jornada holds exactly these matches, the played one first.
  const competition = `e2e-tabla-${unique()}`;
  const played = await createFutureMatch(api, admin, { competition, weekNumber: 7 });
  const later = [];
  for (let index = 0; index < 3; index += 1)
    later.push(await createFutureMatch(api, admin, { competition, weekNumber: 7 }));
  const owner = await api.user('tabla-crea');
  const beto = await api.user('beto-tabla');
  const ana = await signedInUser(page, api, 'ana-tabla');
  const pool = await api.pool(owner, { competition, fromWeek: 7, players: [ana, beto] });
  await api.predict(ana, pool, played, 'home');
  await api.predict(beto, pool, played, 'away');
  for (const match of later) await api.predict(beto, pool, match, 'draw');
  await api.result(admin, played, 2, 0);

  await page.goto(`/tabs/pool/${pool.id}`);
  await segment(page, 'Resultados').click();
  await segment(page, 'En una tabla').click();
  await expect(segment(page, 'En una tabla')).toHaveAttribute('aria-selected', 'true');
  const table = page.getByRole('table', { name: /^La jornada en una tabla: / });
  await expect(table).toBeVisible();

  // The columns: the played match first with its result, then the three still to start, locked; then the points.
  const headers = table.getByRole('columnheader');
  await expect(headers).toHaveCount(6);
  await expect(headers.nth(1)).toContainText(`${played.home} contra ${played.away}`);
  await expect(headers.nth(1).getByTestId('jornada-table-result')).toHaveText('2-0');
  for (const column of [2, 3, 4]) await expect(headers.nth(column)).toContainText('Sin empezar');

  // The rows, in the ranking's order: Ana (3 points, the viewer, marked) above Beto.
  const rows = table.locator('tbody tr');
  await expect(rows.getByRole('rowheader')).toHaveText([`1. ${ana.name} (tú)`, `2. ${beto.name}`]);
  await expect(rows.first()).toHaveAttribute('aria-current', 'true');
  await expect(cells(rows.first()).first()).toHaveText('1✓ 3, Acierto, 3 puntos');
  await expect(cells(rows.nth(1)).first()).toHaveText('2✗ 0, Fallo, 0 puntos');
  await expect(table.getByTestId('jornada-table-points')).toHaveText(['3', '0']);
  // Beto picked the later matches, but nobody sees it before they start: not even as a cell's text.
  for (const column of [1, 2, 3]) await expect(cells(rows.nth(1)).nth(column)).toHaveText('Oculto hasta el inicio');
  await expect(page.getByText('2 de 2 jugadores')).toBeVisible();

  expect(await seriousA11yViolations(page)).toEqual([]);
  expect(await pageOverflows(page)).toBe(false);

  // At 320 px the table is wider than the phone: it scrolls in its own box, the names stay put, the page does not move.
  await page.setViewportSize({ width: 320, height: 640 });
  const scroller = page.getByRole('region', { name: /^La jornada en una tabla: / });
  await expect.poll(() => scroller.evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(true);
  expect(await pageOverflows(page)).toBe(false);
  const name = rows.first().getByRole('rowheader');
  const before = (await name.boundingBox())!.x;
  await scroller.evaluate((box) => box.scrollBy({ left: 400 }));
  await expect.poll(() => scroller.evaluate((box) => box.scrollLeft)).toBeGreaterThan(0);
  expect(Math.abs((await name.boundingBox())!.x - before)).toBeLessThan(1);
  await expect(table.locator('caption span')).toBeInViewport({ ratio: 1 });
  await expect(headers.last()).toBeInViewport();
  expect(await pageOverflows(page)).toBe(false);
});
