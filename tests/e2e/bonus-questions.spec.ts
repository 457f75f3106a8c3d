import { expect, type Page } from '@playwright/test';
import type { BonusQuestion, Pool } from '#contract/index';
import {
  checkSectionLayout,
  expectToast,
  openPoolMoreSection,
  LAST_LALIGA_POOL,
  playerInPool,
  seriousA11yViolations,
  signedInUser,
  test,
} from './helpers.ts';

/**
 * "Preguntas extra" on the pool screen at 390×844 (docs/decisions/080-bonus-questions.md): under the folded rules,
 * the organiser adds a question from a template (a LaLiga pool) or a free one; a player answers it, sees how many
 * answered but not what, and after the close everyone's answer by name, the right one and the points; axe finds
 * nothing serious in it, in both themes, and nothing leaves a 320 px screen.
 */
const openBonus = (page: Page, pool: Pool) => openPoolMoreSection(page, pool, 'pool-bonus');
const checkLayout = (page: Page) => checkSectionLayout(page, 'pool-bonus');

test('the organiser adds a question from a template of a LaLiga pool', async ({ page, api }) => {
  const owner = await signedInUser(page, api, 'extra-crea');
  const ana = await api.user('extra-ana');
  const pool = await api.pool(owner, { ...LAST_LALIGA_POOL, players: [ana] });
  const bonus = await openBonus(page, pool);

  await expect(bonus.getByRole('heading', { name: 'Preguntas extra' })).toBeVisible();
  await bonus.getByLabel('Tipo de pregunta').selectOption({ label: 'Plantilla: ¿Qué equipos descienden? (elige 3)' });
  await bonus.getByLabel('Puntos').fill('2');
  await bonus.getByRole('button', { name: 'Añadir pregunta' }).click();
  await expectToast(page, 'Pregunta guardada.');
  const question = bonus.getByTestId('bonus-question');
  await expect(question).toContainText('¿Qué equipos descienden?');
  await expect(question).toContainText('2 puntos por cada equipo acertado (hasta 6 puntos).');
  await expect(question).toContainText('0 han respondido.');
  // The creator does not play here: no answer form for them.
  await expect(question.getByRole('button', { name: 'Responder' })).toHaveCount(0);
  await checkLayout(page);
});

test("a player answers, sees no one else's answer before the close, and every answer by name after", async ({
  page,
  api,
}) => {
  const { owner, player, pool } = await playerInPool(page, api, 'extra-jugador');
  const beto = await api.user('extra-beto');
  await api.join(beto, pool);
  const add = async (body: object) =>
    (await api.call<{ data: BonusQuestion }>(owner, 'POST', `/api/pools/${pool.id}/bonus`, { body })).data;
  const open = await add({
    kind: 'free',
    points: 1,
    prompt: '¿Habrá algún 0-0?',
    choices: ['Sí', 'No'],
    closesAt: '2030-01-01T00:00:00Z',
  });
  const closesAt = new Date(Date.now() + 8000);
  const soon = await add({
    kind: 'free',
    points: 5,
    prompt: '¿Quién será el pichichi?',
    closesAt: closesAt.toISOString(),
  });
  await api.call(beto, 'PUT', `/api/pools/${pool.id}/bonus/${open.id}/answer`, { body: { text: 'No' } });
  await api.call(beto, 'PUT', `/api/pools/${pool.id}/bonus/${soon.id}/answer`, { body: { text: 'Lewandowski' } });
  await api.call(player, 'PUT', `/api/pools/${pool.id}/bonus/${soon.id}/answer`, { body: { text: 'Mbappé' } });

  const bonus = await openBonus(page, pool);
  const first = bonus.getByTestId('bonus-question').filter({ hasText: '¿Habrá algún 0-0?' });
  await expect(first).toContainText('1 ha respondido.');
  await expect(bonus).not.toContainText('Lewandowski');
  await first.getByLabel('Tu respuesta').selectOption('Sí');
  await first.getByRole('button', { name: 'Responder' }).click();
  await expectToast(page, 'Respuesta guardada.');
  await expect(first.getByTestId('bonus-my-answer')).toHaveText('Tu respuesta: Sí');
  await expect(first).toContainText('2 han respondido.');
  // The spec's game: a saved answer is not changed.
  await expect(first.getByRole('button', { name: 'Responder' })).toHaveCount(0);
  await checkLayout(page);

  // Closed, and settled by the organiser: every answer by name, the right one, the points.
  await page.waitForTimeout(Math.max(0, closesAt.getTime() - Date.now() + 500));
  await api.call(owner, 'PUT', `/api/pools/${pool.id}/bonus/${soon.id}/settle`, { body: { texts: ['Mbappé'] } });
  await page.reload();
  await page.getByTestId('pool-more').locator('summary').click();
  const closed = bonus.getByTestId('bonus-question').filter({ hasText: '¿Quién será el pichichi?' });
  await expect(closed).toContainText('Cerrada: ya no se responde.');
  await expect(closed.getByTestId('bonus-correct')).toHaveText('Respuesta correcta: Mbappé');
  await expect(closed.getByTestId('bonus-answers')).toContainText(`${player.userProfile.name}: Mbappé (+5)`);
  await expect(closed.getByTestId('bonus-answers')).toContainText(`${beto.userProfile.name}: Lewandowski (+0)`);
  await checkLayout(page);

  // The general table shows the points apart ("Extra") and in the total.
  await page.getByRole('tab', { name: 'Ranking', exact: true }).click();
  const table = page.getByTestId('ranking');
  await expect(table.getByRole('columnheader')).toHaveText(['Pos.', 'Jugador', 'Extra', 'Puntos']);
  await expect(table.getByTestId('ranking-row')).toHaveText([
    `1${player.userProfile.name} (tú)55`,
    `2${beto.userProfile.name}00`,
  ]);
  expect(await seriousA11yViolations(page, { within: '[data-testid="ranking"]' })).toEqual([]);
});
