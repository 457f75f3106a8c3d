import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import type { PushPayload } from '#contract/index';
import { emulatePushService, expectToast, roundMatch, signedInUser, signInAsAdmin, test, unique } from './helpers.ts';

const hour = 3_600_000;
const segment = (page: Page, label: string) => page.getByRole('tab', { name: label, exact: true });

test('a player who misses picks gets the pool push, which opens Predecir; turned off in Avisos, no more come', async ({
  page,
  context,
  api,
  push: { pushService, newBrowserKeys, decryptPush },
}) => {
  const admin = await signInAsAdmin(api);
  // A competition of the test's own, whose jornada 1 starts in 12 hours: no other test's matches are in it.
  const competition = `e2e-${unique()}`;
  const match = await roundMatch(api, admin, competition, 1, Date.now() + 12 * hour);
  try {
    const browser = newBrowserKeys();
    await context.grantPermissions(['notifications']);
    await emulatePushService(context, { endpoint: `${pushService.url}/avisos`, keys: browser.keys });
    const owner = await api.user('avisos-crea');
    const player = await signedInUser(page, api, 'avisos');
    const [quiet, loud] = [
      await api.pool(owner, { competition, fromWeek: 1, players: [player] }),
      await api.pool(owner, { competition, fromWeek: 1, players: [player] }),
    ] as const;
    const pushesOf = (poolId: number) =>
      pushService.received
        .map((push) => decryptPush(push.body, browser) as PushPayload)
        .filter((payload) => payload.tag === `picks-${poolId}-1`);

    // The device is subscribed from "Avisos", the bell in the tabs' toolbar.
    await page.goto('/tabs/home');
    await page.getByTestId('notification-settings').filter({ visible: true }).click();
    // Notifications allowed, but no subscription yet: reminders only while the app is open, and it says so.
    await expect(page.getByTestId('push-capability')).toHaveText(
      'Este dispositivo te avisa mientras la app está abierta: actívalos para recibirlos también con ella cerrada.',
    );
    await page.getByTestId('enable-push').click();
    await expectToast(page, 'Avisos activados en este dispositivo.');
    await expect(page.getByTestId('push-capability')).toHaveText(
      'Este dispositivo recibe los avisos aunque la app esté cerrada.',
    );

    // The 24-hour reminder of each pool, from the server's scheduler through the push service.
    await expect.poll(() => pushesOf(quiet.id).length + pushesOf(loud.id).length, { timeout: 15_000 }).toBe(2);
    const [reminder] = pushesOf(quiet.id);
    expect(reminder).toMatchObject({
      title: 'Pronósticos pendientes',
      url: `/tabs/pool/${quiet.id}?seccion=predecir`,
    });
    expect(reminder!.body).toMatch(new RegExp(`^Te falta 1 pronóstico en «${quiet.name}» · La jornada 1 empieza a las \\d{1,2}:\\d{2}$`));

    // Turned off for one pool in "Avisos": saved on the server.
    const quietSwitch = page.getByTestId(`setting-missing-${quiet.id}`);
    await expect(quietSwitch).toBeChecked();
    await quietSwitch.click();
    await expect(quietSwitch).not.toBeChecked();
    await expect(quietSwitch).toBeEnabled();
    await page.getByRole('button', { name: 'Cerrar' }).click();

    // An hour before the jornada: the 1-hour reminder of the pool still on comes, and none of the one turned off.
    await api.updateMatch(admin, match, { matchDate: new Date(Date.now() + 30 * 60_000).toISOString() });
    await expect.poll(() => pushesOf(loud.id).length, { timeout: 15_000 }).toBe(2);
    // Both pools' reminders are claimed in the same tick, so the one turned off would have come with it.
    expect(pushesOf(quiet.id)).toHaveLength(1);

    // A jornada-result push opens Ranking; the missing-picks one, Predecir (the service worker's notificationclick
    // navigates the app to the push's url).
    await page.goto(`/tabs/pool/${quiet.id}?seccion=ranking`);
    await expect(segment(page, 'Ranking')).toHaveAttribute('aria-selected', 'true');
    await page.goto(reminder!.url);
    await expect(segment(page, 'Predecir')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('prediction-card')).toHaveCount(1);
  } finally {
    // A match about to start would show at the top of every later test's Inicio.
    await api.call(admin, 'DELETE', `/api/matches/${match.id}`);
  }
});
