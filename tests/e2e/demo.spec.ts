import { expect, test } from '@playwright/test';
import { demoServerModulePath, type DemoServerApi } from '../support/demo-server-api.ts';

/*
 * `npm run demo`'s first minutes, as a newcomer lives them (docs/decisions/067-a-season-in-ten-minutes.md): the
 * address it prints signs them into the demo's pool under the "DEMO" banner, and the real World Cup's first result
 * (Mexico 2–0 South Africa) arrives on the open page by itself, through the same poller and importer a real source
 * uses. The demo runs beside this run's server, on its own port and data folder; nothing leaves 127.0.0.1.
 */

type Demo = Awaited<ReturnType<DemoServerApi['startDemo']>>;
let demo: Demo;

test.beforeAll(async ({ browserName: _ }, testInfo) => {
  test.setTimeout(150_000);
  const { startDemo } = ((await import(demoServerModulePath)) as { default: DemoServerApi }).default;
  // Beside the run's server (playwright.config.ts), on its port + 1000.
  const port = Number(new URL(testInfo.project.use.baseURL!).port) + 1000;
  demo = await startDemo({
    port,
    dataDir: `.e2e-data/demo-${port}`,
    // The first match kicks off 40 s after the demo is ready and lasts 10 s (half of a 20 s match day).
    env: { DEMO_START_SECONDS: '40', DEMO_DAY_SECONDS: '20', DEMO_BOTS: '6' },
  });
});
test.afterAll(async () => demo?.close());

test('the demo signs a newcomer into its pool under the DEMO banner, and a real result arrives live', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await page.goto(`${demo.origin}/demo`);
  await expect(page).toHaveURL(/\/tabs\/pool\/\d+$/, { timeout: 30_000 });
  const banner = page.locator('.demo-banner');
  await expect(banner).toBeVisible();
  await expect(banner).toHaveText(/^DEMO · El Mundial 2026 real/);

  // "Resultados", left open: nothing is reloaded from here on.
  await page.getByRole('tab', { name: 'Resultados', exact: true }).click();
  await expect(page.getByTestId('feed-status-line')).toHaveText(/^Resultados de la repetición de la demo · /);

  // The opening match kicks off, is played and ends with its real score; the page follows it by itself.
  const opening = page.getByTestId('result-card').first();
  await expect(opening.getByTestId('result-status')).toHaveText(/En juego|Finalizado/, { timeout: 90_000 });
  await expect(opening.getByTestId('result-status')).toHaveText('Finalizado', { timeout: 60_000 });
  await expect(opening.getByTestId('result-score')).toHaveText('2 – 0');
  await expect(page.getByTestId('feed-status-line')).toHaveText(
    /^Resultados de la repetición de la demo · actualizados a las \d{1,2}:\d\d$/,
  );
  // Its history names the demo's replay, not football-data.org, whose format the replay speaks.
  const guest = (await (await page.request.post(`${demo.origin}/api/demo/guest`)).json()) as {
    session: { accessToken: string };
  };
  const headers = { authorization: `Bearer ${guest.session.accessToken}` };
  const list = (await (
    await page.request.get(`${demo.origin}/api/matches?competition=worldcup-2026`, { headers })
  ).json()) as {
    data: { id: number; status: string }[];
  };
  const finished = list.data.find((m) => m.status === 'finished')!;
  const changes = (await (
    await page.request.get(`${demo.origin}/api/matches/${finished.id}/result-changes`, { headers })
  ).json()) as {
    data: { source: string; changedBy: string }[];
  };
  expect(changes.data.length).toBeGreaterThan(0);
  for (const change of changes.data)
    expect(change).toMatchObject({ source: 'football-data', changedBy: 'la repetición de la demo' });

  // The bots picked it before it started: the ranking moved for them too.
  await page.getByRole('tab', { name: 'Ranking', exact: true }).click();
  await expect(page.getByText('Fede (favoritos)')).toBeVisible();
});
