import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import { createFutureMatch, seriousA11yViolations, signedInUser, signInAsAdmin, test } from './helpers.ts';
import type { TestMatch } from './helpers.ts';

/*
 * "Resultados", the pool page's third segment (beyond the spec): a jornada's matches with the score, one's own
 * pick and what it earned, and everyone's picks by name from kick-off.
 */

const segment = (page: Page, label: string) => page.getByRole('tab', { name: label, exact: true });
const resultCard = (page: Page, match: TestMatch) => page.locator(`[data-testid="result-card"][data-match-id="${match.id}"]`);
const resultsPath = /\/api\/predictions\/pool\/\d+\/results/;

async function chooseJornada(page: Page, weekNumber: number) {
  await page.getByTestId('results-round-select').click();
  await page.locator('ion-popover ion-radio', { hasText: `Jornada ${weekNumber}` }).click();
  await expect(page.locator('ion-popover')).toHaveCount(0);
}

test('after a result, a participant sees the score, their pick with "+3" and the other player’s pick by name', async ({
  page,
  api,
}) => {
  // Four accounts, two matches, three picks, a result and an accessibility scan.
  test.slow();
  const admin = await signInAsAdmin(api);
  const match = await createFutureMatch(api, admin);
  const owner = await api.user('resultados-crea');
  const ana = await signedInUser(page, api, 'ana-resultados');
  const beto = await api.user('beto-resultados');
  const pool = await api.pool(owner, { players: [ana, beto] });
  await api.predict(ana, pool, match, 'home');
  await api.predict(beto, pool, match, 'away');
  // Another match of the jornada, still to come: nobody's pick of it shows but one's own.
  const later = await createFutureMatch(api, admin, { weekNumber: match.weekNumber });
  await api.predict(beto, pool, later, 'draw');
  await api.result(admin, match, 2, 0);

  await page.goto(`/tabs/pool/${pool.id}`);
  // The spec's start segment stays; "Resultados" comes third, "Muro" fourth.
  await expect(page.locator('.pool-detail__segment').getByRole('tab')).toHaveText(['Predecir', 'Ranking', 'Resultados', 'Muro']);
  await expect(segment(page, 'Predecir')).toHaveAttribute('aria-selected', 'true');
  await segment(page, 'Resultados').click();
  await expect(page.getByTestId('results-round-select')).toBeVisible();
  await chooseJornada(page, match.weekNumber);

  const card = resultCard(page, match);
  await expect(card).toContainText(match.home);
  await expect(card).toContainText(match.away);
  await expect(card.getByTestId('result-score')).toHaveText('2 – 0');
  await expect(card.getByTestId('result-status')).toHaveText('Finalizado');
  await expect(card.getByTestId('own-pick')).toContainText('Tu pronóstico: Local');
  await expect(card.getByTestId('own-pick').getByTestId('points')).toContainText('+3');
  const picks = card.getByTestId('result-picks').getByRole('listitem');
  await expect(picks.filter({ hasText: beto.name })).toContainText(`${beto.name}: Visitante`);
  await expect(picks.filter({ hasText: beto.name }).getByTestId('points')).toContainText('+0');
  await expect(picks.filter({ hasText: ana.name })).toContainText('Local');

  const upcoming = resultCard(page, later);
  await expect(upcoming.getByTestId('own-pick')).toHaveText('Sin pronóstico');
  await expect(upcoming).toContainText('Los pronósticos de los demás se ven cuando empieza el partido.');
  await expect(upcoming).not.toContainText(beto.name);

  expect(await seriousA11yViolations(page)).toEqual([]);

  // A finished match takes comments on the pool's wall, under its card; one still to come takes none.
  await expect(upcoming.getByTestId('match-comments-toggle')).toHaveCount(0);
  const toggle = card.getByTestId('match-comments-toggle');
  expect((await toggle.boundingBox())?.height).toBeGreaterThanOrEqual(44);
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const comments = card.getByRole('region', { name: 'Comentarios' });
  await expect(comments).toContainText('Sin comentarios todavía.');
  await comments.getByRole('textbox').fill('¡Vaya golazo!');
  await comments.getByRole('button', { name: 'Enviar' }).click();
  await expect(comments.getByTestId('wall-message')).toHaveText([new RegExp(`${ana.name}.*¡Vaya golazo!`)]);
  const { data: stored } = await api.call<{ data: { messages: { text: string; matchId: number | null }[] } }>(
    beto,
    'GET',
    `/api/pools/${pool.id}/messages?matchId=${match.id}`,
  );
  expect(stored.messages).toEqual([expect.objectContaining({ text: '¡Vaya golazo!', matchId: match.id })]);
});

test('the results failing to load show the error panel, and "Reintentar" loads them', async ({ page, api }) => {
  const owner = await signedInUser(page, api, 'resultados-error');
  const pool = await api.pool(owner);
  await page.route(resultsPath, (route) =>
    route.fulfill({ status: 500, json: { statusCode: 500, error: 'Internal Server Error', message: 'Error interno del servidor.' } }),
  );
  await page.goto(`/tabs/pool/${pool.id}`);
  // The creator starts on Participantes (the spec) and has the segment too.
  await expect(segment(page, 'Participantes')).toHaveAttribute('aria-selected', 'true');
  await segment(page, 'Resultados').click();

  const panel = page.locator('.screen-state', { hasText: 'No se pudieron cargar los resultados.' }).filter({ visible: true });
  await expect(panel).toBeVisible({ timeout: 15_000 });
  await expect(panel).toHaveAttribute('data-kind', 'server');
  await page.unroute(resultsPath);
  await panel.getByRole('button', { name: 'Reintentar' }).click();
  await expect(panel).toHaveCount(0);
  await expect(page.getByTestId('results-round-select').or(page.getByText('Todavía no hay partidos terminados'))).toBeVisible();
});
