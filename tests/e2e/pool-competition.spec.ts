import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import type { Competition } from '#contract/index';
import { chooseOption, createFutureMatch, LAST_LALIGA_ROUND, namePoolInDialog, ownedPool, scrollToListEnd, signedInUser, signInAsAdmin, test, unique } from './helpers.ts';

// Both pool dialogs stay in the page; only the open one is shown.
const modal = (page: Page) => page.locator('ion-modal.show-modal');

const choose = (page: Page, testId: string, option: string) => chooseOption(page, modal(page).getByTestId(testId), option);

test('a pool created for LaLiga from a chosen jornada lists only LaLiga matches from that jornada, and says so', async ({ page, api }) => {
  // Three matches, two accounts, a pool made through the dialog and two screens of it: more than most tests.
  test.slow();
  const admin = await signInAsAdmin(api);
  const counted = await createFutureMatch(api, admin, { ...LAST_LALIGA_ROUND, weekNumber: 30 });
  const earlier = await createFutureMatch(api, admin, { ...LAST_LALIGA_ROUND, weekNumber: 29 });
  const otherCompetition = await api.match(admin, {
    competition: 'worldcup-2026',
    round: `Prueba ${unique()}`,
    weekNumber: 30,
    matchDate: new Date(Date.now() + 200 * 86_400_000).toISOString(),
  });

  const owner = await signedInUser(page, api, 'temporada');
  const { data: competitions } = await api.call<{ data: Competition[] }>(owner, 'GET', '/api/competitions');
  const laLiga = competitions.find((c) => c.key === 'laliga-2026-27');
  const nextRound = laLiga?.rounds.find((r) => r.weekNumber === laLiga.nextRound);
  if (!nextRound) throw new Error('LaLiga has no round open for picks');

  await page.goto('/tabs/quinelas');
  await page.getByRole('button', { name: 'Crear Nueva Quiniela' }).click();
  // The defaults are the server's: the competition with the soonest match, from its next round.
  await expect(modal(page).getByTestId('pool-competition')).toContainText('LaLiga 2026/27');
  await expect(modal(page).getByTestId('pool-from-week')).toContainText(nextRound.label);
  const name = `Liga ${unique()}`;
  await modal(page).getByLabel('Nombre').fill(name);
  await choose(page, 'pool-from-week', 'Jornada 30');
  await modal(page).getByRole('button', { name: 'Crear Quiniela' }).click();
  await expect(modal(page)).toBeHidden();

  const pool = await ownedPool(api, owner, name);
  expect(pool).toMatchObject({ competition: 'laliga-2026-27', fromWeek: 30, fromRoundLabel: 'Jornada 30' });

  await page.getByTestId('pool-card').filter({ hasText: name }).click();
  await expect(page.getByTestId('pool-scope')).toHaveText('LaLiga 2026/27 · desde la Jornada 30');

  // A player sees the same card, and Predecir lists LaLiga's matches from Jornada 30 on only.
  await page.evaluate(() => localStorage.clear());
  const player = await signedInUser(page, api, 'jugador-temporada');
  await api.join(player, pool);
  await page.goto(`/tabs/pool/${pool.id}`);
  await expect(page.getByTestId('pool-scope')).toHaveText('LaLiga 2026/27 · desde la Jornada 30');
  const card = (id: number) => page.locator(`[data-testid="prediction-card"][data-match-id="${id}"]`);
  // Predecir renders its cards in batches: the whole list, so that a card missing is missing from all of it.
  await scrollToListEnd(page, 'prediction-card');
  await expect(card(counted.id)).toBeVisible();
  await expect(card(earlier.id)).toHaveCount(0);
  await expect(card(otherCompetition.id)).toHaveCount(0);
  const headings = await page.locator('.prediction-list__round').allTextContents();
  expect(headings.length).toBeGreaterThan(0);
  // "Jornada 30 · 17–19 abr.": a jornada and its dates.
  expect(headings.every((heading) => Number(/^Jornada (\d+) · /.exec(heading)?.[1]) >= 30)).toBe(true);

  // The server refuses what the screen does not offer.
  const refused = await page.request.post('/api/predictions', {
    headers: { Authorization: `Bearer ${player.session.accessToken}` },
    data: { prediction: 'home', userId: player.userProfile.id, matchId: earlier.id, poolId: pool.id },
  });
  expect(refused.status()).toBe(409);
  expect((await refused.json()).message).toBe('Ese partido no cuenta en esta quiniela.');
});

test('a pool made in the dialog with nothing chosen names its competition: the soonest open match’s, from its next jornada', async ({ page, api }) => {
  const owner = await signedInUser(page, api, 'por-defecto');
  const { data: competitions } = await api.call<{ data: Competition[] }>(owner, 'GET', '/api/competitions');
  const soonest = competitions
    .filter((c) => c.nextKickoff !== null)
    .toSorted((a, b) => Date.parse(a.nextKickoff!) - Date.parse(b.nextKickoff!) || a.key.localeCompare(b.key))[0];
  if (!soonest) throw new Error('no competition has a match open for picks');

  const name = await namePoolInDialog(page, 'Por defecto');
  await modal(page).getByRole('button', { name: 'Crear Quiniela' }).click();
  await expect(modal(page)).toBeHidden();

  // Never the spec's every-match pool: the app always sends the competition.
  expect(await ownedPool(api, owner, name)).toMatchObject({ competition: soonest.key, fromWeek: soonest.nextRound });
});
