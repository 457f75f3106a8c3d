import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import type { Match } from '#contract/index';
import {
  LAST_LALIGA_POOL,
  createFutureMatch,
  expectToast,
  playerInPool,
  roundMatch,
  scrollToListEnd,
  scrollToPredictionCard,
  seriousA11yViolations,
  signedInUser,
  signInAsAdmin,
  signInViaStorage,
  test,
  unique,
} from './helpers.ts';
import type { Factories, TestMatch } from './helpers.ts';

const segment = (page: Page, label: string) => page.getByRole('tab', { name: label, exact: true });
const predictionCard = (page: Page, match: Pick<TestMatch, 'id'>) => page.locator(`[data-testid="prediction-card"][data-match-id="${match.id}"]`);

async function chooseRound(page: Page, weekNumber: number) {
  await page.getByTestId('round-select').click();
  await page.locator('ion-popover ion-radio', { hasText: `Jornada ${weekNumber}` }).click();
  await expect(page.getByTestId('round-ranking').locator('caption')).toHaveText(`Puntos de la jornada ${weekNumber}`);
}

test('a participant predicts a match, and the choice stays locked after a reload', async ({ page, api }) => {
  const { match, player, pool } = await playerInPool(page, api, 'pronostica');

  await page.goto(`/tabs/pool/${pool.id}`);
  await expect(segment(page, 'Predecir')).toHaveAttribute('aria-selected', 'true');
  const card = await scrollToPredictionCard(page, match.id);
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
  await scrollToPredictionCard(page, match.id);
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
  const card = await scrollToPredictionCard(page, match.id);
  await expect(card).toBeVisible();

  // The match kicks off while the screen is open.
  await api.updateMatch(admin, match, { matchDate: new Date(Date.now() - 60_000).toISOString() });
  try {
    await card.getByRole('button', { name: 'Local' }).click();
    await expectToast(page, 'El partido ya comenzó.');
    await page.reload();
    await scrollToListEnd(page, 'prediction-card');
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
  // 3 to 0. The pool counts every match: the rest of its jornada 38 (LaLiga's, in May) is still to be played, so
  // nobody has won it yet (docs/decisions/061) and its table says it is provisional.
  await expect(rows).toHaveText([`1${ana.name}3`, `2${beto.name}0`]);
  await expect(page.getByText(/^Actualizado el \d{1,2} de [a-z]+ de \d{4}/)).toBeVisible();

  await chooseRound(page, match.weekNumber);
  await expect(page.getByTestId('jornada-provisional')).toBeVisible();
  await expect(page.getByTestId('round-ranking').getByTestId('ranking-row')).toHaveText([
    `1${ana.name}3`,
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
  await expect(rows).toHaveText([`1${ana.name} (tú)3`, `2${beto.name}0`]);
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
  const card = await scrollToPredictionCard(page, match.id);
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
  await scrollToPredictionCard(page, match.id);
  await expect(predictionCard(page, match).locator('time')).not.toContainText('hora por confirmar');
  await expect(predictionCard(page, match).locator('.prediction-card__deadline')).toHaveCount(0);
});

test.describe('Predecir by jornada', () => {
  const hour = 3_600_000;
  const day = 24 * hour;
  const shortMonths = ['ene.', 'feb.', 'mar.', 'abr.', 'may.', 'jun.', 'jul.', 'ago.', 'sept.', 'oct.', 'nov.', 'dic.'];
  /** A jornada heading's region: its section, named by its heading. */
  const jornada = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

  /**
   * A new player, signed in on the page, in a pool that counts only `competition` (a competition of the test's own,
   * so the pool's Predecir holds exactly the matches the test entered) from jornada `fromWeek`.
   */
  async function playerInCompetitionPool(page: Page, api: Factories, label: string, competition: string, fromWeek: number) {
    const owner = await api.user(`${label}-crea`);
    const player = await signedInUser(page, api, label);
    return api.pool(owner, { competition, fromWeek, players: [player] });
  }

  test('a jornada has a heading with its dates and the picks made there, which goes up with a pick', async ({ page, api }) => {
    const admin = await signInAsAdmin(api);
    const competition = `e2e-${unique()}`;
    // Noon UTC is the same day in Madrid.
    const kickoff = new Date(Date.now() + 200 * day);
    kickoff.setUTCHours(12, 0, 0, 0);
    const next = new Date(kickoff.getTime() + day);
    const matches = [
      await roundMatch(api, admin, competition, 21, kickoff.getTime()),
      await roundMatch(api, admin, competition, 21, next.getTime()),
    ] as const;
    const dates =
      kickoff.getUTCMonth() === next.getUTCMonth()
        ? `${kickoff.getUTCDate()}–${next.getUTCDate()} ${shortMonths[next.getUTCMonth()]}`
        : `${kickoff.getUTCDate()} ${shortMonths[kickoff.getUTCMonth()]}–${next.getUTCDate()} ${shortMonths[next.getUTCMonth()]}`;
    const pool = await playerInCompetitionPool(page, api, 'jornadas', competition, 21);

    await page.goto(`/tabs/pool/${pool.id}`);
    // One competition: the heading names the jornada (from the data's "Matchday 21") and its days.
    const group = jornada(page, `Jornada 21 · ${dates}`);
    await expect(group.getByRole('heading', { level: 2 })).toBeVisible();
    await expect(group.getByRole('list').getByTestId('prediction-card')).toHaveCount(2);
    await expect(group.getByTestId('jornada-status')).toHaveText('0 de 2 pronosticados');

    const card = predictionCard(page, matches[0]);
    await card.getByRole('button', { name: 'Empate' }).click();
    await expect(card).toContainText('Tu pronóstico: Empate');
    await expect(group.getByTestId('jornada-status')).toHaveText('1 de 2 pronosticados');
    await page.reload();
    await expect(group.getByTestId('jornada-status')).toHaveText('1 de 2 pronosticados');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  test('the next jornada comes first, and one that starts within 48 h counts down to its first kick-off', async ({ page, api }) => {
    const admin = await signInAsAdmin(api);
    const competition = `e2e-${unique()}`;
    const entered = (weekNumber: number, kickoff: number) => roundMatch(api, admin, competition, weekNumber, kickoff);
    const soon = await entered(1, Date.now() + 5 * hour + 20 * 60_000);
    // Jornada 2 is a week away; one match of jornada 1 was moved after it: it stays under jornada 1.
    const later = [await entered(2, Date.now() + 7 * day), await entered(1, Date.now() + 10 * day)];
    try {
      const pool = await playerInCompetitionPool(page, api, 'cuenta-atras', competition, 1);
      await page.goto(`/tabs/pool/${pool.id}`);
      const headings = page.locator('.prediction-list h2');
      await expect(headings).toHaveText([/^Jornada 1 · /, /^Jornada 2 · /]);
      const [first, second] = [page.getByTestId('jornada-status').first(), page.getByTestId('jornada-status').nth(1)];
      // 5 h 20 min ahead when it was entered: seconds or a minute or two have gone by since.
      await expect(first).toHaveText(/^0 de 2 pronosticados · Empieza en 5 h (20|19|18) min$/);
      await expect(second).toHaveText('0 de 1 pronosticados');

      // No countdown to a time the data does not have.
      await api.updateMatch(admin, soon, { kickoffConfirmed: false });
      await page.reload();
      await expect(first).toHaveText('0 de 2 pronosticados · Hora por confirmar');
    } finally {
      // A match about to start would show at the top of every later test's Inicio.
      for (const match of [soon, ...later]) await api.call(admin, 'DELETE', `/api/matches/${match.id}`);
    }
  });

  test('the list shows a first screenful at once, then the rest by itself: every open match of the season', async ({ page, api }) => {
    // A pool of the whole season (from its first jornada; the played ones are off Predecir). Some 250 cards, and axe
    // over all of them: slow on a loaded machine.
    test.slow();
    const { player, pool } = await playerInPool(page, api, 'tandas', { competition: LAST_LALIGA_POOL.competition, fromWeek: 1 });
    await page.goto(`/tabs/pool/${pool.id}`);
    const cards = page.getByTestId('prediction-card');
    await expect(cards.first()).toBeVisible();
    // The shipped season has some 250 open matches: they come in batches while the page is idle, with no scrolling.
    await expect(page.getByRole('button', { name: 'Ver más partidos' })).toHaveCount(0, { timeout: 30_000 });
    const { data: season } = await api.call<{ data: Match[] }>(player, 'GET', `/api/matches?competition=${LAST_LALIGA_POOL.competition}`);
    const open = season.filter((match) => match.status !== 'finished' && Date.parse(match.matchDate) > Date.now());
    expect(open.length).toBeGreaterThan(100);
    await expect(cards).toHaveCount(open.length);
    // The headings, sections and lists as a screen reader gets them.
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});
