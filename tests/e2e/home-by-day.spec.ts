import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import type { Match } from '#contract/index';
import {
  createFutureMatch,
  scrollToMatchCard,
  seriousA11yViolations,
  signedInUser,
  signInAsAdmin,
  test,
} from './helpers.ts';

/** Other tabs' screens stay in the DOM, hidden: only what is on screen counts. */
const visibleCards = (page: Page) => page.getByTestId('match-card').filter({ visible: true });
const dayHeadings = (page: Page) => page.getByRole('heading', { level: 2 }).filter({ visible: true });
const chip = (page: Page, name: string) =>
  page.getByRole('group', { name: 'Competición' }).filter({ visible: true }).getByRole('button', { name, exact: true });
const cardOf = (page: Page, id: number) => page.locator(`[data-testid="match-card"][data-match-id="${id}"]`);
const shownIds = (page: Page) =>
  visibleCards(page).evaluateAll((cards) => cards.map((card) => Number(card.getAttribute('data-match-id'))));

const DAY = /^(Lunes|Martes|Miércoles|Jueves|Viernes|Sábado|Domingo), \d{1,2} de [a-z]+( de \d{4})?$/;

test('Inicio lists its matches under a heading per day, each day a list named by it, with no serious axe finding', async ({
  page,
  api,
}) => {
  // A sign-up, a match and a cold Inicio on a shared 2-core machine: near the 30 s default when it is busy.
  test.slow();
  await createFutureMatch(api, await signInAsAdmin(api));
  await signedInUser(page, api, 'por-dia');
  await page.goto('/tabs/home');

  const heading = dayHeadings(page).first();
  await expect(heading).toHaveText(DAY);
  const day = (await heading.textContent()) ?? '';
  // The first day's list holds the first card, whose kick-off is on that day.
  const firstDay = page.getByRole('list', { name: day });
  await expect(firstDay.getByTestId('match-card').first()).toBeVisible();
  const kickoff = (await firstDay.getByTestId('match-card').first().locator('time').textContent()) ?? '';
  expect(kickoff.startsWith(day.toLowerCase())).toBe(true);
  // Each heading is another day.
  const days = await dayHeadings(page).evaluateAll((headings) => headings.map((h) => h.textContent));
  expect(new Set(days).size).toBe(days.length);

  expect(await seriousA11yViolations(page)).toEqual([]);
});

test('choosing a competition filters Inicio, survives a reload, and "Todas" lists everything again', async ({
  page,
  api,
}) => {
  test.slow();
  // A match of the competition 'e2e', months after the shipped league's next ones.
  const match = await createFutureMatch(api, await signInAsAdmin(api), { competition: 'e2e' });
  const player = await signedInUser(page, api, 'filtro');
  const { data: all } = await api.call<{ data: Match[] }>(player, 'GET', '/api/matches');
  const e2eIds = new Set(all.filter((m) => m.competition === 'e2e').map((m) => m.id));
  await page.goto('/tabs/home');

  // "Todas" by default: every unfinished match, the shipped league's first.
  await expect(chip(page, 'Todas')).toHaveAttribute('aria-pressed', 'true');
  await expect(chip(page, 'e2e')).toHaveAttribute('aria-pressed', 'false');
  const soonest = Number(await visibleCards(page).first().getAttribute('data-match-id'));
  expect(e2eIds.has(soonest)).toBe(false);

  // With the keyboard, as a screen reader user would: the chip is a toggle button.
  await chip(page, 'e2e').focus();
  await page.keyboard.press('Space');
  await expect(chip(page, 'e2e')).toHaveAttribute('aria-pressed', 'true');
  await expect(chip(page, 'Todas')).toHaveAttribute('aria-pressed', 'false');
  await expect(cardOf(page, soonest)).toHaveCount(0);
  await expect(await scrollToMatchCard(page, match.id)).toBeVisible();
  expect((await shownIds(page)).every((id) => e2eIds.has(id))).toBe(true);

  await page.reload();
  await expect(chip(page, 'e2e')).toHaveAttribute('aria-pressed', 'true');
  await expect(visibleCards(page).first()).toBeVisible();
  expect((await shownIds(page)).every((id) => e2eIds.has(id))).toBe(true);
  await expect(cardOf(page, soonest)).toHaveCount(0);

  await chip(page, 'Todas').click();
  await expect(chip(page, 'Todas')).toHaveAttribute('aria-pressed', 'true');
  await expect(cardOf(page, soonest)).toBeVisible();
  await expect(visibleCards(page).first()).toHaveAttribute('data-match-id', String(soonest));
  await page.reload();
  await expect(chip(page, 'Todas')).toHaveAttribute('aria-pressed', 'true');
  await expect(cardOf(page, soonest)).toBeVisible();
});
