import { expect } from '@playwright/test';
import { signedInUser, test } from './helpers.ts';

const MATCH_LIST = ['/api/matches', '/api/teams'];

// Issue 22: on a signed-in start on Inicio, index.html's inline script (web/boot.ts) asks for the match list while
// the page is parsed, and the app takes that answer over instead of asking again. If the CSP refused the script, or
// the app stopped taking the answer over, the list would be asked for by the app's own chunk, or twice.
test('a signed-in start on Inicio asks for the match list from the page itself, once', async ({ page, context, api }) => {
  await signedInUser(page, api, 'arranque');
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const asked: { path: string; by: string }[] = [];
  cdp.on('Network.requestWillBeSent', ({ request, initiator }) => {
    const { pathname } = new URL(request.url);
    if (MATCH_LIST.includes(pathname))
      asked.push({ path: pathname, by: initiator.stack?.callFrames[0]?.url ?? initiator.url ?? initiator.type });
  });

  await page.goto('/tabs/home');
  await expect(page.getByTestId('match-card').first()).toBeVisible();
  await page.waitForLoadState('networkidle');

  // An inline script's requests name the document as their script.
  const documentUrl = page.url();
  expect(asked.sort((a, b) => a.path.localeCompare(b.path))).toEqual(MATCH_LIST.map((path) => ({ path, by: documentUrl })));
});
