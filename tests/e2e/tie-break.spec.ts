import { expect } from '@playwright/test';
import type { Pool } from '#contract/index';
import { unique } from '#tests/support/factories';
import { checkSectionLayout, createFutureMatch, expectToast, openPoolMoreSection, seriousA11yViolations } from './helpers.ts';
import { signInAsAdmin, signedInUser, test } from './helpers.ts';

/**
 * The organiser's tie-break at 390×844 (docs/decisions/083-the-organisers-tie-break.md): in the pool's rules form,
 * before the pool starts, the organiser chooses how equal points are ordered (exact scores are offered only in the
 * exact-score game); every member reads the rule under the ranking. Axe finds nothing serious in the form nor in the
 * ranking, in both themes.
 */
test('the organiser chooses the tie-break in the rules form, and the ranking says it', async ({ page, api }) => {
  const admin = await signInAsAdmin(api);
  // A competition of the test's own, its one match 200 days ahead: the pool's rules stay open.
  const competition = `e2e-desempate-${unique()}`;
  const match = await createFutureMatch(api, admin, { competition });
  const owner = await signedInUser(page, api, 'desempate-crea');
  const ana = await api.user('desempate-ana');
  const pool = await api.pool(owner, { competition, fromWeek: match.weekNumber, players: [ana] });

  const organiser = await openPoolMoreSection(page, pool, 'pool-more');
  await organiser.getByRole('button', { name: 'Cambiar reglas' }).click();
  const form = page.getByTestId('pool-options');
  const select = form.getByTestId('option-tie-break');
  await expect(select).toHaveJSProperty('value', 'correctPicks');
  // 1X2: no exact scores to count, so that rule is not offered.
  await select.click();
  const choices = page.locator('ion-popover ion-radio');
  await expect(choices).toHaveText([
    'Más aciertos, después jornadas ganadas',
    'Más jornadas ganadas, después aciertos',
    'Menos puntos de preguntas extra, después aciertos',
  ]);
  await choices.filter({ hasText: 'Más jornadas ganadas, después aciertos' }).click();
  await expect(page.locator('ion-popover')).toHaveCount(0);
  await expect(select).toHaveJSProperty('value', 'jornadasWon');
  await checkSectionLayout(page, 'pool-options');
  await page.getByRole('button', { name: 'Guardar reglas' }).click();
  await expectToast(page, 'Reglas guardadas.');
  const { data: saved } = await api.call<{ data: Pool }>(owner, 'GET', `/api/pools/${pool.id}`);
  expect(saved.options.tieBreak).toBe('jornadasWon');

  // Every member reads it under the ranking.
  await page.getByRole('tab', { name: 'Ranking', exact: true }).click();
  await expect(page.getByTestId('tie-break')).toHaveText(
    'Empates: más jornadas ganadas, después más aciertos y, por último, el nombre.',
  );
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    expect(await seriousA11yViolations(page, { within: '.pool-ranking' })).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
});

test('a pool made with the specification’s body says the tie-break it always had', async ({ page, api }) => {
  const owner = await api.user('desempate-spec');
  const player = await signedInUser(page, api, 'desempate-lee');
  const pool = await api.pool(owner, { players: [player] });
  await page.goto(`/tabs/pool/${pool.id}`);
  await page.getByRole('tab', { name: 'Ranking', exact: true }).click();
  await expect(page.getByTestId('tie-break')).toHaveText('Empates: más aciertos, después más jornadas ganadas y, por último, el nombre.');
});
