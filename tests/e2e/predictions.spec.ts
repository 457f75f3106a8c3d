import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import {
  createFutureMatch,
  expectToast,
  playerInPool,
  seriousA11yViolations,
  signedInUser,
  signInAsAdmin,
  signInViaStorage,
  test,
} from './helpers.ts';
import type { TestMatch } from './helpers.ts';

const segment = (page: Page, label: string) => page.locator('ion-segment-button', { hasText: label });
const predictionCard = (page: Page, match: TestMatch) => page.locator(`[data-testid="prediction-card"][data-match-id="${match.id}"]`);

async function chooseRound(page: Page, weekNumber: number) {
  await page.getByTestId('round-select').click();
  await page.locator('ion-popover ion-radio', { hasText: `Jornada ${weekNumber}` }).click();
  await expect(page.getByTestId('round-ranking').locator('caption')).toHaveText(`Puntos de la jornada ${weekNumber}`);
}

test('a participant predicts a match, and the choice stays locked after a reload', async ({ page, api }) => {
  const { match, player, pool } = await playerInPool(page, api, 'pronostica');

  await page.goto(`/tabs/pool/${pool.id}`);
  await expect(segment(page, 'Predecir')).toHaveClass(/segment-button-checked/);
  const card = predictionCard(page, match);
  await expect(card).toContainText(match.home);
  await expect(card).toContainText(match.away);
  await expect(card.locator('time')).toHaveText(/^[a-záéíóú]+, \d{1,2} de [a-z]+ de \d{4}, \d{1,2}:\d{2}$/);
  await expect(card.getByRole('img')).toHaveCount(2);
  const choices = card.getByRole('button');
  await expect(choices).toHaveText(['Local', 'Empate', 'Visitante']);

  await card.getByRole('button', { name: 'Visitante' }).click();
  await expect(card.getByRole('button', { name: 'Visitante' })).toHaveAttribute('aria-pressed', 'true');
  for (const choice of await choices.all()) await expect(choice).toBeDisabled();
  await expect(card).toContainText('Tu pronóstico: Visitante');

  await page.reload();
  await expect(predictionCard(page, match).getByRole('button', { name: 'Visitante' })).toHaveAttribute('aria-pressed', 'true');
  for (const choice of await predictionCard(page, match).getByRole('button').all()) await expect(choice).toBeDisabled();

  const { data: stored } = await api.call<{ data: { matchId: number; poolId: number; prediction: string }[] }>(
    player,
    'GET',
    `/api/predictions/user/${player.userProfile.id}`,
  );
  expect(stored).toEqual([expect.objectContaining({ matchId: match.id, poolId: pool.id, prediction: 'away' })]);
});

test("a pick the server refuses shows its message, and the match leaves the list", async ({ page, api }) => {
  const { admin, match, pool } = await playerInPool(page, api, 'rezagado');
  await page.goto(`/tabs/pool/${pool.id}`);
  const card = predictionCard(page, match);
  await expect(card).toBeVisible();

  // The match kicks off while the screen is open.
  await api.updateMatch(admin, match, { matchDate: new Date(Date.now() - 60_000).toISOString() });
  try {
    await card.getByRole('button', { name: 'Local' }).click();
    await expectToast(page, 'El partido ya comenzó.');
    await page.reload();
    await expect(page.getByTestId('prediction-card').first()).toBeVisible();
    await expect(predictionCard(page, match)).toHaveCount(0);
  } finally {
    // A started match with no result would show on everybody's lists: finish it.
    await api.result(admin, match, 0, 0);
  }
});

test('a result moves the ranking 3 to 0: the creator updates and both see it', async ({ page, api }) => {
  const admin = await signInAsAdmin(api);
  const match = await createFutureMatch(api, admin);
  const owner = await signedInUser(page, api, 'arbitro');
  const ana = await api.user('ana');
  const beto = await api.user('beto');
  const pool = await api.pool(owner, { players: [ana, beto] });
  await api.predict(ana, pool, match, 'home');
  await api.predict(beto, pool, match, 'away');

  await page.goto(`/tabs/pool/${pool.id}`);
  await segment(page, 'Ranking').click();
  const rows = page.getByTestId('ranking').getByTestId('ranking-row');
  await expect(rows).toHaveText([`1${ana.name}0`, `1${beto.name}0`]);

  await api.result(admin, match, 2, 1);
  await page.getByRole('button', { name: 'Actualizar Resultados' }).click();
  // The e2e server has no results source: the toast says so instead of claiming an update.
  await expectToast(page, 'No hay una fuente de resultados configurada. Clasificaciones recalculadas con los resultados guardados.');
  // Ana won the jornada: the general table says so under her name.
  await expect(rows).toHaveText([`1${ana.name}1 jornada ganada3`, `2${beto.name}0`]);
  await expect(page.getByText(/^Actualizado el \d{1,2} de [a-z]+ de \d{4}/)).toBeVisible();

  await chooseRound(page, match.weekNumber);
  await expect(page.getByTestId('round-ranking').getByTestId('ranking-row')).toHaveText([
    `1${ana.name}Ganador de la jornada3`,
    `2${beto.name}0`,
  ]);
  const picks = page.getByTestId('pool-picks-match').filter({ hasText: match.home });
  await expect(picks).toContainText('2 – 1');
  await expect(picks).toContainText('Local 1 · Empate 0 · Visitante 1');
  await picks.getByText('Ver quién eligió qué').click();
  await expect(picks).toContainText(`${ana.name}: Local`);
  await expect(picks).toContainText(`${beto.name}: Visitante`);
  expect(await seriousA11yViolations(page)).toEqual([]);

  // Ana sees the same table, her own row marked.
  await page.evaluate(() => localStorage.clear());
  await signInViaStorage(page, api, ana);
  await page.goto(`/tabs/pool/${pool.id}`);
  await segment(page, 'Ranking').click();
  await expect(rows).toHaveText([`1${ana.name} (tú)1 jornada ganada3`, `2${beto.name}0`]);
});

test('a pool nobody has joined yet has no ranking', async ({ page, api }) => {
  const pool = await api.pool(await signedInUser(page, api, 'solitario'));
  await page.goto(`/tabs/pool/${pool.id}`);
  await expect(page.getByText('Aún no se ha unido nadie.', { exact: false })).toBeVisible();
  await segment(page, 'Ranking').click();
  await expect(page.getByText('No hay datos de ranking aún.')).toBeVisible();
});

test('a match whose kick-off time is not confirmed says when picks close: the provisional time', async ({ page, api }) => {
  const { admin, match, pool } = await playerInPool(page, api, 'plazo');
  // Picks close at the stored kick-off, provisional or not (contract `picksClosed`).
  const provisional = new Date(Date.now() + 100 * 86_400_000);
  provisional.setUTCHours(11, 0, 0, 0);
  await api.updateMatch(admin, match, { kickoffConfirmed: false, matchDate: provisional.toISOString() });

  await page.goto(`/tabs/pool/${pool.id}`);
  const card = predictionCard(page, match);
  await expect(card.locator('time')).toContainText('hora por confirmar');
  const local = await page.evaluate((iso) => {
    const date = new Date(iso);
    return { hours: date.getHours(), minutes: String(date.getMinutes()).padStart(2, '0'), day: date.getDate() };
  }, provisional.toISOString());
  await expect(card.locator('.prediction-card__deadline')).toHaveText(
    new RegExp(`^Cierra: [a-záéíóú]+ ${local.day} [a-z]+\\., ${local.hours}:${local.minutes} \\(hora provisional\\)$`),
  );

  // A confirmed time needs no note: the kick-off shown is the deadline.
  await api.updateMatch(admin, match, { kickoffConfirmed: true });
  await page.reload();
  await expect(predictionCard(page, match).locator('time')).not.toContainText('hora por confirmar');
  await expect(predictionCard(page, match).locator('.prediction-card__deadline')).toHaveCount(0);
});
