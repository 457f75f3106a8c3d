import { expect, type Page } from '@playwright/test';
import type { Match, Pool } from '#contract/index';
import { checkSectionLayout, expectToast, seriousA11yViolations, signedInUser, signInAsAdmin, test, type Factories } from './helpers.ts';

/**
 * "Modo La Quiniela" at 390×844 (docs/decisions/082-modo-la-quiniela.md): the creator composes a boleto of 15 open
 * matches on Predecir, the 15th the Pleno al 15; a player predicts it, 1X2 on 1–14 and the Pleno's two goal
 * buckets; axe finds nothing serious in either screen. Resultados lists the boleto with each pick's acierto, and the
 * ranking's jornada is the boleto's aciertos.
 */
const GAME = { mode: 'laQuiniela', joker: false, knockoutFromWeek: null } as const;

/** The matches this file entered, finished after each test so that they leave the other files' lists of the soonest. */
const entered: Match[] = [];

test.afterEach(async ({ api }) => {
  const admin = await signInAsAdmin(api);
  for (const match of entered.splice(0)) await api.result(admin, match, 0, 0);
});

/** 15 matches an admin entered, kicking off within the hour (the soonest open matches). */
async function fifteen(api: Factories): Promise<Match[]> {
  const admin = await signInAsAdmin(api);
  const soon = Date.now() + 40 * 60_000;
  const made: Match[] = [];
  for (let i = 0; i < 15; i++)
    // One jornada of their own, so that the factories' round counter moves on for the other files as it did before.
    made.push(await api.match(admin, { weekNumber: 99, matchDate: new Date(soon + i * 60_000).toISOString() }));
  entered.push(...made);
  return made;
}

const teamsOf = async (api: Factories, match: Match) => {
  const teams = await api.call<{ data: { id: number; name: string }[] }>(await signInAsAdmin(api), 'GET', '/api/teams');
  const name = (id: number) => teams.data.find((team) => team.id === id)!.name;
  return `${name(match.homeTeamId)} – ${name(match.awayTeamId)}`;
};

async function openBoletos(page: Page, pool: Pool) {
  await page.goto(`/tabs/pool/${pool.id}`);
  await page.getByRole('tab', { name: 'Predecir' }).click();
  return page.getByTestId('pool-boletos');
}

test('the creator composes a boleto of 15 open matches, the 15th the Pleno al 15', async ({ page, api }) => {
  const games = await fifteen(api);
  const owner = await signedInUser(page, api, 'quiniela-crea');
  const pool = await api.pool(owner, { game: GAME });
  const boletos = await openBoletos(page, pool);
  const compose = boletos.getByTestId('boleto-compose');
  await expect(compose).toContainText('Componer boleto: Boleto 1');
  for (const game of games) await compose.getByRole('button', { name: `Añadir ${await teamsOf(api, game)}` }).click();
  await expect(compose).toContainText('15 de 15 partidos');
  await expect(compose.getByRole('listitem').nth(14)).toContainText('15. Pleno al 15:');
  expect(await seriousA11yViolations(page, { within: '[data-testid="pool-boletos"]' })).toEqual([]);
  await compose.getByRole('button', { name: 'Guardar boleto' }).click();
  await expectToast(page, 'Boleto 1 guardado.');
  const boleto = boletos.getByTestId('boleto-1');
  await expect(boleto.getByRole('listitem')).toHaveCount(15);
  await expect(boleto).toContainText(`Pleno al 15: ${await teamsOf(api, games[14]!)}`);
  await expect(compose).toContainText('Componer boleto: Boleto 2');
  expect(await seriousA11yViolations(page, { within: '[data-testid="pool-boletos"]' })).toEqual([]);
});

test('a player predicts the boleto: 1X2 on 1–14 and the Pleno’s goals (0, 1, 2, M)', async ({ page, api }) => {
  const games = await fifteen(api);
  const owner = await api.user('quiniela-org');
  const player = await signedInUser(page, api, 'quiniela-juega');
  const pool = await api.pool(owner, { game: GAME, players: [player] });
  await api.call(owner, 'PUT', `/api/pools/${pool.id}/boletos/1`, { body: { matchIds: games.map((g) => g.id) } });
  const boletos = await openBoletos(page, pool);
  const boleto = boletos.getByTestId('boleto-1');
  const first = await teamsOf(api, games[0]!);
  await boleto.getByRole('button', { name: `Empate (X) en ${first}` }).click();
  await expectToast(page, 'Pronóstico guardado.');
  await expect(boleto.getByRole('button', { name: `Empate (X) en ${first}` })).toHaveAttribute('aria-pressed', 'true');
  const [home, away] = (await teamsOf(api, games[14]!)).split(' – ') as [string, string];
  await boleto.getByRole('button', { name: `M goles de ${home}` }).click();
  await boleto.getByRole('button', { name: `1 goles de ${away}` }).click();
  await expectToast(page, 'Pronóstico guardado.');
  await expect(boleto.getByRole('button', { name: `M goles de ${home}` })).toHaveAttribute('aria-pressed', 'true');
  // Read until the Pleno's save is answered: the toast seen may still be the first pick's.
  const savedPleno = async () =>
    (await api.call<{ data: { matches: { ownPick: unknown }[] } }>(player, 'GET', `/api/pools/${pool.id}/boletos/1`)).data.matches[14]!.ownPick;
  await expect.poll(savedPleno).toEqual({ prediction: 'home', scoreHome: 3, scoreAway: 1 });
  expect(await seriousA11yViolations(page, { within: '[data-testid="pool-boletos"]' })).toEqual([]);
  await page.setViewportSize({ width: 320, height: 640 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
});

test('Resultados lists the boleto with each pick’s acierto, and the ranking’s jornada is the boleto’s aciertos', async ({ page, api }) => {
  const games = await fifteen(api);
  const admin = await signInAsAdmin(api);
  const owner = await api.user('quiniela-res');
  const player = await signedInUser(page, api, 'quiniela-acierta');
  const pool = await api.pool(owner, { game: GAME, players: [player] });
  await api.call(owner, 'PUT', `/api/pools/${pool.id}/boletos/1`, { body: { matchIds: games.map((g) => g.id) } });
  // 1 on every line but the 14th (X), the Pleno M-1; home wins everywhere, the Pleno 4-1: 13 signs, the Pleno not counted.
  for (const [i, game] of games.slice(0, 14).entries()) await api.predict(player, pool, game, i === 13 ? 'draw' : 'home');
  await api.predict(player, pool, games[14]!, { scoreHome: 3, scoreAway: 1 });
  for (const game of games.slice(0, 14)) await api.result(admin, game, 2, 0);
  await api.result(admin, games[14]!, 4, 1);

  await page.goto(`/tabs/pool/${pool.id}`);
  await page.getByRole('tab', { name: 'Resultados', exact: true }).click();
  const results = page.getByTestId('pool-results');
  await expect(page.getByTestId('results-round-select')).toContainText('Boleto 1');
  const cards = results.getByTestId('result-card');
  await expect(cards).toHaveCount(15);
  await expect(cards.first().getByTestId('result-line')).toHaveText('Partido 1');
  await expect(cards.first().getByTestId('own-pick')).toContainText('Tu pronóstico: Local');
  await expect(cards.first().getByTestId('own-pick').getByTestId('points')).toHaveText('Acierto');
  await expect(cards.nth(13).getByTestId('own-pick').getByTestId('points')).toHaveText('Fallo');
  const pleno = cards.nth(14);
  await expect(pleno.getByTestId('result-line')).toHaveText('Pleno al 15');
  await expect(pleno.getByTestId('own-pick')).toContainText('Tu pronóstico: M-1');
  // Both buckets right, but without the 14 the Pleno is no acierto.
  await expect(pleno.getByTestId('own-pick').getByTestId('points')).toHaveText('Fallo');
  await checkSectionLayout(page, 'pool-results');
  // "La jornada en una tabla": the Pleno in its buckets, no acierto.
  await results.getByRole('tab', { name: 'En una tabla', exact: true }).click();
  const own = page.getByTestId('jornada-table').locator('tr[aria-current="true"]').first();
  await expect(own.locator('td').nth(14)).toContainText('M-1');
  await expect(own.locator('td').nth(14)).toHaveAttribute('data-mark', 'miss');
  await expect(own.getByTestId('jornada-table-points')).toHaveText('13');
  await checkSectionLayout(page, 'pool-results');

  await page.getByRole('tab', { name: 'Ranking', exact: true }).click();
  await page.getByTestId('round-select').click();
  await page.locator('ion-popover ion-radio', { hasText: 'Boleto 1' }).click();
  await expect(page.locator('ion-popover')).toHaveCount(0);
  const table = page.getByTestId('round-ranking');
  await expect(table.locator('caption')).toHaveText('Aciertos del boleto 1');
  await expect(table).toContainText('13');
  await checkSectionLayout(page, 'pool-ranking');
});

test('the organiser recomposes a boleto before it starts, in the compose form', async ({ page, api }) => {
  const games = await fifteen(api);
  const admin = await signInAsAdmin(api);
  const spare = await api.match(admin, { weekNumber: 99, matchDate: new Date(Date.now() + 38 * 60_000).toISOString() });
  entered.push(spare);
  const owner = await signedInUser(page, api, 'quiniela-cambia');
  const pool = await api.pool(owner, { game: GAME });
  await api.call(owner, 'PUT', `/api/pools/${pool.id}/boletos/1`, { body: { matchIds: games.map((g) => g.id) } });
  const boletos = await openBoletos(page, pool);
  await boletos.getByRole('button', { name: 'Cambiar boleto 1' }).click();
  const form = boletos.getByTestId('boleto-recompose-1');
  await expect(form).toContainText('Cambiar boleto: Boleto 1');
  await expect(form).toContainText('15 de 15 partidos');
  await form.getByRole('button', { name: `Quitar ${await teamsOf(api, games[14]!)}` }).click();
  await form.getByRole('button', { name: `Añadir ${await teamsOf(api, spare)}` }).click();
  await expect(form.getByRole('listitem').nth(14)).toContainText(`15. Pleno al 15: ${await teamsOf(api, spare)}`);
  await checkSectionLayout(page, 'pool-boletos');
  await form.getByRole('button', { name: 'Guardar boleto' }).click();
  await expectToast(page, 'Boleto 1 guardado.');
  await expect(boletos.getByTestId('boleto-recompose-1')).toHaveCount(0);
  await expect(boletos.getByTestId('boleto-1')).toContainText(`Pleno al 15: ${await teamsOf(api, spare)}`);
  const saved = await api.call<{ data: { matches: { match: Match }[] } }>(owner, 'GET', `/api/pools/${pool.id}/boletos/1`);
  expect(saved.data.matches.map((line) => line.match.id)).toEqual([...games.slice(0, 14), spare].map((g) => g.id));
});
