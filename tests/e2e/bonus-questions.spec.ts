import { expect, type Page } from '@playwright/test';
import { BONUS_ANSWERS_PAGE, type BonusQuestion, type Pool } from '#contract/index';
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
 * the organiser adds a question from a template (a LaLiga pool) or a free one, and edits it until it closes; a player
 * answers it, sees how many answered but not what, and after the close everyone's answer by name (a page at a time,
 * "Ver más"), the right one and the points; axe finds nothing serious in it, in both themes, and nothing leaves a
 * 320 px screen.
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

test('the organiser edits a question until it closes, with the messages of the form that adds one', async ({
  page,
  api,
}) => {
  const owner = await signedInUser(page, api, 'extra-edita');
  const ana = await api.user('extra-edita-ana');
  const pool = await api.pool(owner, { players: [ana] });
  const add = (body: object) => api.call(owner, 'POST', `/api/pools/${pool.id}/bonus`, { body });
  await add({ kind: 'free', points: 1, prompt: '¿Quién ganará la Liga?', closesAt: '2030-01-01T00:00:00Z' });
  const closesAt = new Date(Date.now() + 5000);
  await add({ kind: 'free', points: 2, prompt: '¿Habrá goleada?', closesAt: closesAt.toISOString() });

  const bonus = await openBonus(page, pool);
  const question = bonus.getByTestId('bonus-question').filter({ hasText: '¿Quién ganará la Liga?' });
  await question.getByRole('button', { name: 'Editar: ¿Quién ganará la Liga?' }).click();
  const form = question.getByRole('form', { name: 'Guardar cambios: ¿Quién ganará la Liga?' });
  await expect(form).toContainText('Cambiar el tipo, la jornada o las respuestas posibles borra las respuestas ya dadas.');
  await expect(form.getByLabel('Pregunta', { exact: true })).toHaveValue('¿Quién ganará la Liga?');
  await expect(form.getByLabel('Puntos')).toHaveValue('1');
  await checkLayout(page);
  await form.getByLabel('Puntos').fill('0');
  await form.getByRole('button', { name: 'Guardar cambios' }).click();
  await expectToast(page, 'Los puntos (points) debe estar entre 1 y 100.');
  await form.getByLabel('Pregunta', { exact: true }).fill('¿Quién ganará la Copa?');
  await form.getByLabel('Puntos').fill('7');
  await form.getByRole('button', { name: 'Guardar cambios' }).click();
  await expectToast(page, 'Pregunta guardada.');
  const changed = bonus.getByTestId('bonus-question').filter({ hasText: '¿Quién ganará la Copa?' });
  await expect(changed).toContainText('7 puntos si aciertas (lo resuelve el organizador).');
  await expect(changed.getByRole('form', { name: /^Guardar cambios/ })).toHaveCount(0);
  // "Cancelar" closes the form and changes nothing.
  await changed.getByRole('button', { name: 'Editar: ¿Quién ganará la Copa?' }).click();
  await changed.getByRole('button', { name: 'Cancelar' }).click();
  await expect(changed.getByRole('button', { name: 'Editar: ¿Quién ganará la Copa?' })).toBeVisible();

  // Once closed: no "Editar" nor "Borrar", and the screen says why.
  await page.waitForTimeout(Math.max(0, closesAt.getTime() - Date.now() + 500));
  await page.reload();
  await page.getByTestId('pool-more').locator('summary').click();
  const closed = bonus.getByTestId('bonus-question').filter({ hasText: '¿Habrá goleada?' });
  await expect(closed).toContainText('Ya cerrada: no se puede cambiar ni borrar.');
  await expect(closed.getByRole('button', { name: /^(Editar|Borrar)/ })).toHaveCount(0);
  await checkLayout(page);
});

test(`after the close, the answers by name come ${BONUS_ANSWERS_PAGE} at a time: "Ver más" brings the next`, async ({
  page,
  api,
}) => {
  test.setTimeout(180_000);
  const owner = await api.user('extra-pagina-crea');
  const reader = await signedInUser(page, api, 'zz-extra-lee');
  const pool = await api.pool(owner, { maxParticipants: BONUS_ANSWERS_PAGE + 10, players: [reader] });
  const { data: question } = await api.call<{ data: BonusQuestion }>(owner, 'POST', `/api/pools/${pool.id}/bonus`, {
    body: { kind: 'free', points: 1, prompt: '¿Quién marcará el primer gol?', closesAt: '2030-01-01T00:00:00Z' },
  });
  const answerAs = (who: typeof reader, text: string) =>
    api.call(who, 'PUT', `/api/pools/${pool.id}/bonus/${question.id}/answer`, { body: { text } });
  // One page and one more: the reader's name sorts last, past the first page.
  for (let batch = 0; batch < BONUS_ANSWERS_PAGE + 1; batch += 6) {
    await Promise.all(
      Array.from({ length: Math.min(6, BONUS_ANSWERS_PAGE + 1 - batch) }, async (_, i) => {
        const player = await api.user(`extra-pagina-${String(batch + i).padStart(2, '0')}`);
        await api.join(player, pool);
        await answerAs(player, `Jugador ${batch + i}`);
      }),
    );
  }
  await answerAs(reader, 'Mi respuesta');
  // The organiser brings the close near (the same question: the answers stay), and it passes.
  const closesAt = new Date(Date.now() + 3000);
  await api.call(owner, 'PUT', `/api/pools/${pool.id}/bonus/${question.id}`, {
    body: { kind: 'free', points: 1, prompt: '¿Quién marcará el primer gol?', closesAt: closesAt.toISOString() },
  });
  await page.waitForTimeout(Math.max(0, closesAt.getTime() - Date.now() + 500));

  const bonus = await openBonus(page, pool);
  const closed = bonus.getByTestId('bonus-question');
  const list = closed.getByTestId('bonus-answers').getByRole('listitem');
  await expect(list).toHaveCount(BONUS_ANSWERS_PAGE);
  await expect(closed).toContainText(`${BONUS_ANSWERS_PAGE} de ${BONUS_ANSWERS_PAGE + 2} respuestas`);
  // The reader's own answer is shown though their name is not on the first page.
  await expect(closed.getByTestId('bonus-my-answer')).toHaveText('Tu respuesta: Mi respuesta');
  await expect(closed.getByTestId('bonus-answers')).not.toContainText(reader.userProfile.name);
  await checkLayout(page);

  await closed.getByRole('button', { name: 'Ver más: ¿Quién marcará el primer gol?' }).click();
  await expect(list).toHaveCount(BONUS_ANSWERS_PAGE + 2);
  await expect(list.last()).toHaveText(`${reader.userProfile.name}: Mi respuesta`);
  // The first answer it added takes the focus; nothing more to ask for.
  await expect(list.nth(BONUS_ANSWERS_PAGE)).toBeFocused();
  await expect(closed.getByRole('button', { name: /^Ver más/ })).toHaveCount(0);
  await expect(closed).not.toContainText(`de ${BONUS_ANSWERS_PAGE + 2} respuestas`);
  await checkLayout(page);
});
