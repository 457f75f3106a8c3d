import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import { expectToast, roundMatch, shownToast, signedInUser, signInAsAdmin, test, unique, type Factories } from './helpers.ts';

const PNG_SIGNATURE = [137, 80, 78, 71, 13, 10, 26, 10];

interface HandedOver {
  name: string;
  type: string;
  size: number;
  signature: number[];
}

/** What the page handed over (to the share sheet, or to a download link), read in the page. */
async function describeFile(file: Blob & { name?: string }): Promise<HandedOver> {
  const signature = [...new Uint8Array(await file.slice(0, 8).arrayBuffer())];
  return { name: file.name ?? '', type: file.type, size: file.size, signature };
}

/** A pool of its own competition whose jornada 3 is played: Ana (signed in) won it, Beto did not score. */
async function playedJornada(page: Page, api: Factories) {
  const admin = await signInAsAdmin(api);
  const competition = `e2e-${unique()}`;
  const match = await roundMatch(api, admin, competition, 3, Date.now() + 200 * 86_400_000);
  const owner = await api.user('resumen-crea');
  const ana = await signedInUser(page, api, 'resumen-ana');
  const beto = await api.user('resumen-beto');
  const pool = await api.pool(owner, { competition, fromWeek: 3, players: [ana, beto] });
  await api.predict(ana, pool, match, 'home');
  await api.predict(beto, pool, match, 'away');
  await api.result(admin, match, 2, 0);
  return pool;
}

async function openJornada(page: Page, poolId: number) {
  await page.goto(`/tabs/pool/${poolId}?seccion=ranking`);
  await page.getByTestId('round-select').click();
  await page.locator('ion-popover ion-radio', { hasText: 'Jornada 3' }).click();
  await expect(page.getByTestId('round-ranking').getByTestId('ranking-row')).toHaveCount(2);
}

test('"Compartir resumen" hands a PNG of the jornada to the share sheet; a closed sheet says nothing', async ({ page, api }) => {
  // The system share sheet, stubbed: it takes files, keeps what it was handed, and is closed the first time.
  await page.addInitScript(`(() => {
    const handed = [];
    let calls = 0;
    window.handedOver = handed;
    navigator.canShare = (data) => (data?.files?.length ?? 0) > 0;
    navigator.share = async (data) => {
      calls += 1;
      if (calls === 1) throw new DOMException('Share canceled', 'AbortError');
      handed.push(await (${describeFile.toString()})(data.files[0]));
    };
  })()`);
  const pool = await playedJornada(page, api);
  await openJornada(page, pool.id);
  const button = page.getByTestId('share-summary');

  await button.click();
  // Closed: the button is back, and no toast claims anything.
  await expect(button).toBeEnabled();
  await expect(shownToast(page)).toHaveCount(0);

  await button.click();
  await expectToast(page, 'Resumen compartido.');
  const handed = await page.evaluate(() => (window as unknown as { handedOver: HandedOver[] }).handedOver);
  expect(handed).toHaveLength(1);
  const [file] = handed;
  expect(file).toMatchObject({ type: 'image/png', signature: PNG_SIGNATURE });
  expect(file!.name).toMatch(/^resumen-quiniela-[a-z0-9-]+-jornada-3\.png$/);
  // A drawn 1080×1350 picture, not an empty canvas (which is a few hundred bytes).
  expect(file!.size).toBeGreaterThan(10_000);
});

test('"Compartir resumen" downloads the PNG where the share sheet takes no files', async ({ page, api }) => {
  // No share sheet for files; the file behind the download link is kept to be read.
  await page.addInitScript(`(() => {
    const handed = [];
    window.handedOver = handed;
    navigator.canShare = () => false;
    const createObjectURL = URL.createObjectURL.bind(URL);
    URL.createObjectURL = (file) => {
      handed.push((${describeFile.toString()})(file));
      return createObjectURL(file);
    };
  })()`);
  const pool = await playedJornada(page, api);
  await openJornada(page, pool.id);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('share-summary').click()]);
  await expectToast(page, 'Resumen descargado como imagen.');
  expect(download.suggestedFilename()).toMatch(/^resumen-quiniela-[a-z0-9-]+-jornada-3\.png$/);
  const handed = await page.evaluate(() => Promise.all((window as unknown as { handedOver: Promise<HandedOver>[] }).handedOver));
  expect(handed).toHaveLength(1);
  expect(handed[0]).toMatchObject({ name: download.suggestedFilename(), type: 'image/png', signature: PNG_SIGNATURE });
  expect(handed[0]!.size).toBeGreaterThan(10_000);
});
