import { expect } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { createFutureMatch, expectToast, onEachPhone, openAdministracion, overlaps, shownToast, signedInUser, signInAsAdmin, test, unique } from './helpers.ts';

/**
 * A toast never covers what the user needs next (issue 41): the pools' + button after a pool is created, the
 * match's "Historial del resultado" after the admin saves it, the field an empty-name warning is about. At 390×844
 * and 320×640.
 */
const modal = (page: Page) => page.locator('ion-modal.show-modal');

/** The toast's box where it rests (it slides in), and whether it overlaps each of `others`. */
async function expectToastClear(page: Page, others: Record<string, Locator>): Promise<void> {
  await expect(shownToast(page)).toBeVisible();
  await shownToast(page).evaluate((element) =>
    Promise.all(element.getAnimations({ subtree: true }).map((a) => a.finished)),
  );
  const toast = (await shownToast(page).boundingBox())!;
  for (const [name, locator] of Object.entries(others)) {
    const box = await locator.boundingBox();
    const overlap = overlaps(toast, box);
    expect(
      overlap,
      `the toast (${Math.round(toast.y)}–${Math.round(toast.y + toast.height)}) covers ${name} (${box && `${Math.round(box.y)}–${Math.round(box.y + box.height)}`})`,
    ).toBe(false);
  }
}

onEachPhone((phone) => {
  test('the toast of a new pool leaves the + button free', async ({ page, api }) => {
    await signedInUser(page, api, `toast-crea-${phone.width}`);
    await page.goto('/tabs/quinelas');
    const fab = page.getByTestId('open-create');
    await fab.click();
    const name = `Toast ${unique()}`;
    await modal(page).getByLabel('Nombre').fill(name);
    await modal(page).getByRole('button', { name: 'Crear Quiniela' }).click();
    await expectToast(page, `Quiniela «${name}» creada.`);
    await expect(modal(page)).toHaveCount(0);
    await expectToastClear(page, {
      'the + button': fab,
      "the screen's toolbar": page.locator('.toolbar').filter({ visible: true }).first(),
    });
  });

  test('the empty-name warning leaves its field in view and uncovered, and the cursor in it', async ({ page, api }) => {
    await signedInUser(page, api, `toast-nombre-${phone.width}`);
    await page.goto('/tabs/quinelas');
    await page.getByTestId('open-create').click();
    // The button is at the end of a long form: the user has scrolled down to it, past the name.
    const submit = modal(page).getByRole('button', { name: 'Crear Quiniela' });
    await submit.scrollIntoViewIfNeeded();
    const lastField = modal(page).getByTestId('option-late-joiners');
    await submit.click();
    await expectToast(page, 'El nombre de la quiniela es obligatorio.');
    const nameInput = modal(page).getByLabel('Nombre');
    await expect(nameInput).toBeFocused();
    await expect(nameInput).toBeInViewport();
    await expectToastClear(page, {
      'the name field': modal(page).getByTestId('pool-name'),
      'the last field': lastField,
      "the dialog's toolbar": modal(page).locator('ion-toolbar'),
    });
  });

  test('the admin’s save toast leaves "Historial del resultado" and the button free', async ({ page, api }) => {
    const admin = await signInAsAdmin(api);
    const match = await createFutureMatch(api, admin);
    // A match played yesterday whose result was corrected twice: three lines of history under the form.
    await api.updateMatch(admin, match, {
      matchDate: new Date(Date.now() - 24 * 3_600_000).toISOString(),
      status: 'finished',
      scoreHome: 1,
      scoreAway: 0,
    });
    await api.updateMatch(admin, match, { scoreHome: 2, scoreAway: 0 });
    await api.updateMatch(admin, match, { scoreHome: 2, scoreAway: 1 });
    await openAdministracion(page, api);
    await page.getByTestId('admin-competition').click();
    await page
      .locator('ion-popover ion-radio')
      .filter({ hasText: /^Partidos añadidos a mano$/ })
      .click();
    await expect(page.locator('ion-popover')).toHaveCount(0);
    // Every round: the default one is that of the soonest open match, which other files' matches decide.
    await page.getByTestId('admin-round').click();
    await page.locator('ion-popover ion-radio').filter({ hasText: /^Todas$/ }).click();
    await expect(page.locator('ion-popover')).toHaveCount(0);
    await page.getByTestId('admin-match-search').locator('input').fill(match.home);
    await page.locator(`[data-testid="admin-match"][data-match-id="${match.id}"]`).click();

    const form = modal(page).getByTestId('match-edit-form');
    await expect(form).toBeVisible();
    await expect(modal(page).getByTestId('result-change')).toHaveCount(3);
    // "Hora confirmada" changes; the history's heading sits a hand above the foot of the screen, the button above it.
    await form.locator('ion-toggle').click();
    const heading = modal(page).getByRole('heading', { name: 'Historial del resultado' });
    await heading.evaluate(async (element) => {
      const content = element.closest<Element & { getScrollElement(): Promise<HTMLElement> }>('ion-content');
      const scroller = await content!.getScrollElement();
      scroller.scrollTop += element.getBoundingClientRect().bottom - (window.innerHeight - 80);
    });
    const save = modal(page).getByTestId('match-save');
    await expect(save).toBeInViewport();
    await save.click();
    await expectToast(page, 'Partido guardado. Las clasificaciones ya están al día.');
    await expectToastClear(page, {
      '"Historial del resultado"': modal(page).getByTestId('result-history'),
      '"Guardar cambios"': save,
      "the dialog's toolbar": modal(page).locator('ion-toolbar'),
    });
  });
});
