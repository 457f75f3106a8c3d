import { expect, test } from '@playwright/test';
import { formatKb, measureFirstLoad, newStoredSession, routeBudgets } from '../support/first-load.ts';

// Issues 9 and 22: the JavaScript a cold load of each route fetches stays within its gzip budget, in few files.
for (const budget of routeBudgets) {
  test(`first-load JavaScript of ${budget.route} is at most ${budget.budgetKb} kB gzip in ${budget.maxScripts} files`, async ({
    browser,
    baseURL,
  }) => {
    if (!baseURL) throw new Error('baseURL is not configured');
    const stored = budget.signedIn ? await newStoredSession(baseURL) : undefined;
    const load = await measureFirstLoad(browser, baseURL, budget, stored);
    console.log(
      `${load.route}: ${load.files.length} scripts, ${formatKb(load.rawKb)} kB raw, ${formatKb(load.gzipKb)} kB gzip (budget ${budget.budgetKb})`,
    );
    expect(load.gzipKb).toBeLessThanOrEqual(budget.budgetKb);
    expect(load.files.length, load.files.join(', ')).toBeLessThanOrEqual(budget.maxScripts);
    // Fonts and icons are local (system fonts, bundled icons): nothing is fetched from elsewhere.
    expect(load.remote).toEqual([]);
  });
}
