import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import { settled, test } from './helpers.ts';
import { tourTests, type DialogScope, type Look } from './tours.ts';

/**
 * Nothing in a dialog is wider than the phone (issue 41: "Opciones del organizador" was 501 px wide, its switches
 * off-screen, and the dialog scrolled sideways after a toggle). Every dialog of the app, at 390×844 and 320×640
 * (tours.ts): "Crear Nueva Quiniela" (its switches toggled, the exact-score game with its own points, a select's
 * options open), "Unirse a una Quiniela" (by hand and from an invitation link), "Avisos", "Mi cuenta", "Biometría",
 * the confirmations (Ionic's alerts: "Desactivar", "Quitar participante", the biometric offer and removal, the admin's
 * role and handed-over reset link), and the admin's "Editar partido", "Nuevo equipo" and "Nueva confederación". Match
 * comments are not a dialog (they open inside a result card), nor is sharing (the system's sheet).
 */

/** What sticks out of the dialog on top: its content and the page must not scroll sideways. */
async function overflow(page: Page, what: string, scope: DialogScope): Promise<string[]> {
  await settled(page);
  const found = await page
    .locator(scope)
    .last()
    .evaluate((dialog) => {
      const problems: string[] = [];
      const screen = document.documentElement.clientWidth;
      const scroller = dialog.querySelector('ion-content')?.shadowRoot?.querySelector<HTMLElement>('[part="scroll"]');
      if (scroller && (scroller.scrollWidth > scroller.clientWidth + 1 || scroller.scrollLeft !== 0))
        problems.push(`its content scrolls sideways: ${scroller.scrollWidth} > ${scroller.clientWidth}`);
      for (const page of [
        document.documentElement,
        document.body,
        document.querySelector<HTMLElement>('.app-outlet'),
      ]) {
        if (page && page.scrollWidth > page.clientWidth + 1)
          problems.push(`the page scrolls sideways: ${page.scrollWidth} > ${page.clientWidth}`);
      }
      // The widest thing the dialog shows (its content's children, not the full-width frame around them).
      let widest = 0;
      const content = dialog.querySelector('ion-content, .alert-wrapper') ?? dialog;
      for (const element of content.querySelectorAll<HTMLElement>('*')) {
        const box = element.getBoundingClientRect();
        if (box.width === 0 || box.height === 0 || !element.checkVisibility()) continue;
        widest = Math.max(widest, box.width);
      }
      for (const element of dialog.querySelectorAll<HTMLElement>('*')) {
        const box = element.getBoundingClientRect();
        if (box.width === 0 || box.height === 0 || !element.checkVisibility()) continue;
        if (box.left < -0.5 || box.right > screen + 0.5) {
          const name = `${element.tagName.toLowerCase()}${element.dataset.testid ? `[${element.dataset.testid}]` : ''} "${(element.textContent ?? '').trim().slice(0, 30)}"`;
          problems.push(`${name}: ${Math.round(box.left)}–${Math.round(box.right)} px`);
        }
      }
      return { problems, widest: Math.round(widest), screen };
    });
  test
    .info()
    .annotations.push({ type: `widest element (${found.screen} px)`, description: `${what}: ${found.widest} px` });
  return found.problems.map((problem) => `${what}: ${problem}`);
}

/** Nothing of the dialog on top sticks out (softly: one test reports every dialog that does not fit). */
const fits = (page: Page): Look => ({
  dialog: async (what, scope) => expect.soft(await overflow(page, what, scope)).toEqual([]),
});

tourTests('each dialog fits the phone', 'anchos', fits, { signedOut: false });
