import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import { createFutureMatch, EXACT_SCORE_WITH_JOKER, expectToast, LAST_LALIGA_POOL, LAST_LALIGA_ROUND, onEachPhone, playerInPool, scrollToPredictionCard, settled, signInViaStorage, test } from './helpers.ts';

/**
 * The pool screen as a group first sees it, on a 390×844 and a 320×640 phone (issue 41, "Layout at 390 px"): every
 * section's label is read whole, at the default text size and at 200 %, with up to five sections (a creator who
 * plays); the sections come right after a compact card, with the rules and the organiser's tools folded; the
 * creator's 'Actualizar Resultados' and 'Copiar Código' (the spec's) stay in view; the rules say when they froze;
 * making the pool inactive asks first, and a player then finds every choice off; a pool nobody new can join says so
 * instead of offering invitations; a removed player is told, without a "Reintentar" that cannot help.
 */
const segmentButtons = (page: Page) => page.locator('.pool-detail__segment').getByRole('tab');

/** Each section's label as it is drawn: cut short (ellipsis, clipped) or outside the screen or its bar is a failure. */
async function unreadableLabels(page: Page): Promise<string[]> {
  await settled(page);
  return segmentButtons(page).evaluateAll((buttons) => {
    const problems: string[] = [];
    const screen = document.documentElement.clientWidth;
    const bar = buttons[0]?.closest('[role="tablist"]');
    if (!bar) return ['no segment'];
    if (bar.scrollWidth > bar.clientWidth + 1)
      problems.push(`the bar scrolls sideways: ${bar.scrollWidth} > ${bar.clientWidth}`);
    const barBox = bar.getBoundingClientRect();
    for (const label of buttons) {
      const text = label.textContent ?? '';
      const box = label.getBoundingClientRect();
      const style = getComputedStyle(label);
      if (label.scrollWidth > label.clientWidth + 1)
        problems.push(`"${text}" is cut: ${label.scrollWidth} > ${label.clientWidth}`);
      if (style.textOverflow === 'ellipsis' && style.overflow === 'hidden' && style.whiteSpace === 'nowrap')
        problems.push(`"${text}" may be cut with an ellipsis`);
      if (box.left < -0.5 || box.right > screen + 0.5)
        problems.push(`"${text}" leaves the screen: ${Math.round(box.left)}–${Math.round(box.right)}`);
      if (box.left < barBox.left - 0.5 || box.right > barBox.right + 0.5) problems.push(`"${text}" leaves its bar`);
      if (box.width === 0 || box.height === 0) problems.push(`"${text}" is not drawn`);
    }
    return problems;
  });
}

/** The browser's 200 % zoom (WCAG 1.4.4): every length doubles, the layout is half as wide. */
const zoomText = (page: Page, factor: number) =>
  page.evaluate((zoom) => {
    document.documentElement.style.zoom = String(zoom);
  }, factor);

/** The sections' top, from the top of the page (the toolbar is 56 px), on either phone. */
const SEGMENTS_TOP_MAX = 250;

/** Where the sections start, from the top of the page; noted in the report for `who`. */
async function segmentsTop(page: Page, who: string): Promise<number> {
  const { y } = (await page.locator('.pool-detail__segment').boundingBox())!;
  test.info().annotations.push({ type: `segments top (${who})`, description: `${Math.round(y)} px` });
  return y;
}

onEachPhone((phone) => {
  test('every section of the pool is read whole, with five sections and at 200 % text', async ({ page, api }) => {
    // A creator who plays has the five: Participantes, Predecir, Ranking, Resultados, Muro.
    const { owner, pool } = await playerInPool(page, api, `secciones-${phone.width}`, {
      options: { editUntilKickoff: false, closeMinutesBefore: 0, creatorPlays: true, lateJoiners: 'zero' },
    });
    await page.goto(`/tabs/pool/${pool.id}`);
    await expect(segmentButtons(page)).toHaveText(['Predecir', 'Ranking', 'Resultados', 'Muro']);
    expect(await unreadableLabels(page)).toEqual([]);

    await signInViaStorage(page, api, owner);
    await page.goto(`/tabs/pool/${pool.id}`);
    await expect(segmentButtons(page)).toHaveText(['Participantes', 'Predecir', 'Ranking', 'Resultados', 'Muro']);
    for (const label of ['Participantes', 'Predecir', 'Ranking', 'Resultados', 'Muro']) {
      await expect(segmentButtons(page).filter({ hasText: label })).toBeVisible();
    }
    expect(await unreadableLabels(page)).toEqual([]);

    await zoomText(page, 2);
    expect(await unreadableLabels(page), 'at 200 %').toEqual([]);
    // Still a working control at that size: a section is chosen.
    await segmentButtons(page).filter({ hasText: 'Ranking' }).click();
    await expect(segmentButtons(page).filter({ hasText: 'Ranking' })).toHaveAttribute('aria-selected', 'true');
    expect(await unreadableLabels(page), 'at 200 %, Ranking chosen').toEqual([]);
  });

  test('a participant finds the sections within the first 250 px, the card above them and the rules folded', async ({
    page,
    api,
  }) => {
    const { pool } = await playerInPool(page, api, `arriba-${phone.width}`, { description: 'La de los sábados' });
    await page.goto(`/tabs/pool/${pool.id}`);
    await expect(page.getByTestId('prediction-card').first()).toBeVisible();

    expect(await segmentsTop(page, `participant, ${phone.width}×${phone.height}`)).toBeLessThanOrEqual(SEGMENTS_TOP_MAX);
    // The first prediction card starts on the first screen too (above the tab bar, 56 px).
    expect((await page.getByTestId('prediction-card').first().boundingBox())!.y).toBeLessThan(phone.height - 56);

    // The card (the spec's description and code) is above them, in view.
    const info = page.getByTestId('pool-info');
    await expect(info.getByText('La de los sábados')).toBeInViewport();
    await expect(info.getByTestId('pool-code')).toHaveText(String(pool.invitationCode));
    await expect(info.getByTestId('pool-code')).toBeInViewport();
    // The rules are folded under "Reglas" (with the game's name), and open with a tap.
    const more = page.getByTestId('pool-more');
    await expect(more.locator('summary')).toHaveText(/^Reglas\s*Quiniela 1X2$/);
    await expect(page.getByTestId('pool-rules')).toBeHidden();
    await more.locator('summary').click();
    await expect(page.getByTestId('pool-rules')).toBeVisible();
    await expect(page.getByTestId('pool-rules')).toContainText('3 puntos por acertar Local, Empate o Visitante.');
    // No organiser's tools for a participant.
    await expect(page.getByRole('button', { name: 'Desactivar' })).toHaveCount(0);
  });

  test("the creator's 'Actualizar Resultados' and 'Copiar Código' are in view as the pool opens; the organiser's tools are folded", async ({
    page,
    api,
  }) => {
    const { owner, pool } = await playerInPool(page, api, `organiza-arriba-${phone.width}`, {
      description: 'La de la oficina',
    });
    await signInViaStorage(page, api, owner);
    await page.goto(`/tabs/pool/${pool.id}`);
    const info = page.getByTestId('pool-info');
    await expect(info).toContainText('La de la oficina');
    await expect(info).toContainText(`${pool.invitationCode}`);
    await expect(info).toContainText('1/20');
    for (const name of ['Actualizar Resultados', 'Copiar Código']) {
      await expect(page.getByRole('button', { name })).toBeInViewport({ ratio: 1 });
    }
    await segmentsTop(page, `creator, ${phone.width}×${phone.height}`);
    await expect(page.locator('.pool-detail__segment')).toBeInViewport({ ratio: 1 });

    for (const name of ['Cerrar a nuevos miembros', 'Desactivar', 'Cambiar reglas', 'Compartir invitación']) {
      await expect(page.getByRole('button', { name })).toBeHidden();
    }
    await page.getByTestId('pool-more').getByText('Reglas y opciones').click();
    for (const name of ['Cerrar a nuevos miembros', 'Desactivar', 'Cambiar reglas', 'Compartir invitación']) {
      await expect(page.getByRole('button', { name })).toBeVisible();
    }
  });
});

test('once the pool has started, "Reglas" says the rules can no longer change', async ({ page, api }) => {
  const { admin, match, owner, player, pool } = await playerInPool(page, api, 'congeladas');
  await api.predict(player, pool, match, 'home');
  // The match with a pick kicks off (and ends): the pool has started.
  await api.updateMatch(admin, match, {
    matchDate: new Date(Date.now() - 3 * 3_600_000).toISOString(),
    status: 'finished',
    scoreHome: 1,
    scoreAway: 0,
  });

  await signInViaStorage(page, api, owner);
  await page.goto(`/tabs/pool/${pool.id}`);
  await page.getByTestId('pool-more').getByText('Reglas y opciones').click();
  await expect(page.getByTestId('rules-frozen')).toHaveText(
    'Las reglas ya no se pueden cambiar: la quiniela ha empezado.',
  );
  await expect(page.getByRole('button', { name: 'Cambiar reglas' })).toHaveCount(0);
  // The players read it too.
  await signInViaStorage(page, api, player);
  await page.goto(`/tabs/pool/${pool.id}`);
  await page.getByTestId('pool-more').locator('summary').click();
  await expect(page.getByTestId('rules-frozen')).toBeVisible();
});

test('"Desactivar" asks first; a closed or inactive pool offers no invitation but keeps "Copiar Código" and says why', async ({
  page,
  api,
}) => {
  const { owner, pool } = await playerInPool(page, api, 'desactiva');
  await signInViaStorage(page, api, owner);
  await page.goto(`/tabs/pool/${pool.id}`);
  const status = page.getByTestId('pool-status');
  await expect(status).toHaveText('Estado: Activa • Abierta');
  await expect(page.getByTestId('pool-closed-note')).toHaveCount(0);
  await page.getByTestId('pool-more').getByText('Reglas y opciones').click();

  // Closed to new members: the card says so, the invitations go, the code stays.
  await page.getByRole('button', { name: 'Cerrar a nuevos miembros' }).click();
  await expect(status).toHaveText('Estado: Activa • Cerrada');
  await expect(page.getByTestId('pool-closed-note')).toHaveText('La quiniela está cerrada: nadie nuevo puede unirse.');
  await expect(page.getByRole('button', { name: 'Compartir invitación' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Copiar Código' })).toBeVisible();
  await page.getByRole('button', { name: 'Abrir a nuevos miembros' }).click();
  await expect(status).toHaveText('Estado: Activa • Abierta');
  await expect(page.getByRole('button', { name: 'Compartir invitación' })).toBeVisible();

  // "Desactivar" asks; "Cancelar" leaves the pool as it was.
  const alert = page.locator('ion-alert');
  await page.getByRole('button', { name: 'Desactivar' }).click();
  await expect(alert).toContainText('Desactivar la quiniela');
  await alert.getByRole('button', { name: 'Cancelar' }).click();
  await expect(alert).toHaveCount(0);
  await expect(status).toHaveText('Estado: Activa • Abierta');
  await page.getByRole('button', { name: 'Desactivar' }).click();
  await alert.getByRole('button', { name: 'Desactivar' }).click();
  await expectToast(page, 'Quiniela desactivada.');
  await expect(status).toHaveText('Estado: Inactiva • Abierta');
  await expect(page.getByTestId('pool-closed-note')).toHaveText(
    'La quiniela está desactivada: nadie nuevo puede unirse.',
  );
  await expect(page.getByRole('button', { name: 'Compartir invitación' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Copiar Código' })).toBeVisible();
  // Making it active again asks nothing.
  await page.getByRole('button', { name: 'Activar', exact: true }).click();
  await expect(status).toHaveText('Estado: Activa • Abierta');
});

test('a player opening a pool its creator made inactive is told so, and every choice is off: 1X2, score and comodín', async ({
  page,
  api,
}) => {
  const { admin, owner, player, pool } = await playerInPool(page, api, 'inactiva', LAST_LALIGA_POOL);
  const exact = await api.pool(owner, { ...LAST_LALIGA_POOL, game: EXACT_SCORE_WITH_JOKER, players: [player] });
  const match = await createFutureMatch(api, admin, LAST_LALIGA_ROUND);
  // A pick made while the pool was active: its card offers the comodín.
  await api.predict(player, exact, match, { scoreHome: 2, scoreAway: 1 });
  for (const made of [pool, exact])
    await api.call(owner, 'PATCH', `/api/pools/${made.id}`, { body: { isActive: false } });

  for (const [made, choices] of [
    [pool, ['Local', 'Empate', 'Visitante']],
    [exact, ['Comodín']],
  ] as const) {
    await page.goto(`/tabs/pool/${made.id}`);
    await expect(page.getByTestId('pool-inactive')).toHaveText(
      'Esta quiniela está desactivada: no se pueden hacer pronósticos.',
    );
    const card = await scrollToPredictionCard(page, match.id);
    for (const name of choices) await expect(card.getByRole('button', { name })).toBeDisabled();
    // Every card's every choice: the steppers and "Guardar resultado" too.
    const cards = page.getByTestId('prediction-card');
    expect(await cards.count()).toBeGreaterThan(1);
    await expect(cards.getByRole('button').and(page.locator(':enabled'))).toHaveCount(0);
  }
});

test('a removed player opening the pool is told so, with no "Reintentar" that could not help', async ({
  page,
  api,
}) => {
  const { owner, player, pool } = await playerInPool(page, api, 'quitado');
  await page.goto(`/tabs/pool/${pool.id}`);
  await expect(page.getByTestId('pool-info')).toBeVisible();

  await api.call(owner, 'DELETE', `/api/pools/${pool.id}/participants/${player.userProfile.id}`);
  await page.reload();
  await expect(page.getByText('Error al cargar la quiniela: No participas en esta quiniela.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reintentar' })).toHaveCount(0);
  await expect(page.getByTestId('pool-info')).toHaveCount(0);
});
