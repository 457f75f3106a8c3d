/*
 * The import boundaries of eslint.config.js (docs/architecture.md) fire: each
 * rule is shown to report a violation and to pass a clean import, on small
 * sources linted as if they stood at the given paths.
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

/** The rules the boundaries are made of. */
const boundaryRules = ['no-restricted-imports', '@typescript-eslint/no-restricted-imports', 'no-restricted-syntax'];

/*
 * The repo's own eslint.config.js, as `npm run lint` reads it. Only the type-aware rules are
 * switched off (they need a TypeScript program, which these made-up files are not part of), and
 * only the boundary rules report.
 */
const eslint = new ESLint({
  cwd: root,
  overrideConfigFile: path.join(root, 'eslint.config.js'),
  overrideConfig: tseslint.configs.disableTypeChecked,
  ruleFilter: ({ ruleId }) => boundaryRules.includes(ruleId),
});

/** The rules `code` breaks at `filePath`. */
async function brokenRules(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  if (!result) throw new Error(`ESLint returned nothing for ${filePath}`);
  expect(result.messages.filter((message) => message.fatal)).toEqual([]);
  return result.messages.map((message) => message.ruleId ?? '');
}

const importOf = (source: string) => `import { thing } from '${source}';\nexport const used = thing;\n`;

interface Case {
  what: string;
  file: string;
  code: string;
}

const violations: (Case & { rule: string })[] = [
  // web ↛ server
  {
    what: 'web imports #server/…',
    file: 'web/lib/example.ts',
    code: importOf('#server/app'),
    rule: 'no-restricted-imports',
  },
  {
    what: 'web imports server/ by a relative path',
    file: 'web/lib/example.ts',
    code: importOf('../../server/app.ts'),
    rule: 'no-restricted-imports',
  },
  {
    what: 'a first-load web file imports #server/…',
    file: 'web/pages/home-page.tsx',
    code: importOf('#server/config'),
    rule: 'no-restricted-imports',
  },
  // server ↛ web
  {
    what: 'server imports #web/…',
    file: 'server/plugins/example.ts',
    code: importOf('#web/lib/paths.ts'),
    rule: 'no-restricted-imports',
  },
  {
    what: 'server imports web/ by a relative path',
    file: 'server/plugins/example.ts',
    code: importOf('../../web/lib/paths.ts'),
    rule: 'no-restricted-imports',
  },
  // modules ↛ plugins
  {
    what: 'a module imports plugins/ by a relative path',
    file: 'server/modules/pools/example.ts',
    code: importOf('../../plugins/authenticate.ts'),
    rule: 'no-restricted-imports',
  },
  {
    what: 'a module imports #server/plugins/…',
    file: 'server/modules/pools/example.ts',
    code: importOf('#server/plugins/authenticate'),
    rule: 'no-restricted-imports',
  },
  {
    what: 'a module still may not import web code',
    file: 'server/modules/pools/example.ts',
    code: importOf('#web/lib/paths.ts'),
    rule: 'no-restricted-imports',
  },
  // contract depends on zod only
  {
    what: 'contract imports #server/…',
    file: 'contract/example.ts',
    code: importOf('#server/config'),
    rule: 'no-restricted-imports',
  },
  {
    what: 'contract imports #web/…',
    file: 'contract/example.ts',
    code: importOf('#web/lib/paths.ts'),
    rule: 'no-restricted-imports',
  },
  // web ↛ the contract's barrel
  {
    what: "a web file imports the contract's barrel",
    file: 'web/features/pools/example.ts',
    code: importOf('#contract/index'),
    rule: 'no-restricted-imports',
  },
  {
    what: "a first-load web file imports the contract's barrel's types",
    file: 'web/pages/home-page.tsx',
    code: "import type { Pool } from '#contract/index';\nexport type Used = Pool;\n",
    rule: 'no-restricted-imports',
  },
  // feature ↛ another feature's internals
  {
    what: "a feature imports another feature's component",
    file: 'web/features/pools/example.ts',
    code: importOf('../leaderboard/ranking-table.tsx'),
    rule: '@typescript-eslint/no-restricted-imports',
  },
  {
    what: "a feature imports another feature's types",
    file: 'web/features/pools/example.ts',
    code: "import type { Fixture } from '../predictions/prediction-card.tsx';\nexport type Used = Fixture;\n",
    rule: '@typescript-eslint/no-restricted-imports',
  },
  {
    what: "an admin screen imports another feature's admin screen",
    file: 'web/features/results/admin/example.tsx',
    code: importOf('../../matches/admin/match-edit-modal.tsx'),
    rule: '@typescript-eslint/no-restricted-imports',
  },
  {
    what: 'a feature reaches another through #web/features/…',
    file: 'web/features/pools/example.ts',
    code: importOf('#web/features/leaderboard/ranking-table.tsx'),
    rule: '@typescript-eslint/no-restricted-imports',
  },
  {
    what: "a feature loads another feature's module with import()",
    file: 'web/features/pools/example.ts',
    code: "export const later = () => import('../leaderboard/ranking-table.tsx');\n",
    rule: 'no-restricted-syntax',
  },
  {
    what: "a first-load feature file imports another feature's internals",
    file: 'web/features/matches/example.ts',
    code: importOf('../reminders/use-favorites.ts'),
    rule: '@typescript-eslint/no-restricted-imports',
  },
  // Ionic stays out of the first load
  {
    what: 'Inicio imports @ionic/react',
    file: 'web/pages/home-page.tsx',
    code: "import { IonButton } from '@ionic/react';\nexport const used = IonButton;\n",
    rule: 'no-restricted-imports',
  },
  {
    what: 'the match list imports @ionic/react',
    file: 'web/features/matches/match-list.tsx',
    code: "import { IonButton } from '@ionic/react';\nexport const used = IonButton;\n",
    rule: 'no-restricted-imports',
  },
  {
    what: 'a lazy screen imports an Ionic component web/ionic/ wraps from @ionic/react',
    file: 'web/pages/admin-page.tsx',
    code: "import { IonInput } from '@ionic/react';\nexport const used = IonInput;\n",
    rule: 'no-restricted-imports',
  },
  {
    what: 'Mis Quinelas imports @ionic/react',
    file: 'web/pages/pools-page.tsx',
    code: "import { IonButton } from '@ionic/react';\nexport const used = IonButton;\n",
    rule: 'no-restricted-imports',
  },
  {
    what: "a pool's first screen imports a wrapper of web/ionic/",
    file: 'web/pages/pool-detail-page.tsx',
    code: importOf('../ionic/modal-screen.tsx'),
    rule: 'no-restricted-imports',
  },
  {
    what: 'the prediction card imports @ionic/react',
    file: 'web/features/predictions/prediction-card.tsx',
    code: "import { IonCard } from '@ionic/react';\nexport const used = IonCard;\n",
    rule: 'no-restricted-imports',
  },
];

const clean: Case[] = [
  { what: 'web imports a contract module', file: 'web/lib/example.ts', code: importOf('#contract/pools') },
  { what: 'server imports the contract', file: 'server/plugins/example.ts', code: importOf('#contract/index') },
  { what: 'server imports server code', file: 'server/plugins/example.ts', code: importOf('#server/config') },
  { what: 'a plugin imports a module', file: 'server/plugins/example.ts', code: importOf('../modules/accounts/access.ts') },
  { what: 'a module imports another module', file: 'server/modules/predictions/example.ts', code: importOf('../pools/pool-access.ts') },
  { what: 'contract imports zod', file: 'contract/example.ts', code: importOf('zod') },
  {
    what: 'a feature imports its own module',
    file: 'web/features/pools/example.ts',
    code: importOf('./pool-card.tsx'),
  },
  {
    what: 'an admin screen imports its own api',
    file: 'web/features/results/admin/example.tsx',
    code: importOf('../api.ts'),
  },
  { what: 'a feature imports web/lib/', file: 'web/features/pools/example.ts', code: importOf('../../lib/paths.ts') },
  {
    what: "a feature imports another's api.ts",
    file: 'web/features/results/example.ts',
    code: importOf('../leaderboard/api.ts'),
  },
  {
    what: "a feature imports another's keys.ts",
    file: 'web/features/live/example.ts',
    code: importOf('../leaderboard/keys.ts'),
  },
  {
    what: "a feature imports another's admin/api.ts",
    file: 'web/features/results/admin/example.ts',
    code: importOf('../../matches/admin/api.ts'),
  },
  {
    what: 'a feature imports a shared module',
    file: 'web/features/reminders/example.ts',
    code: importOf('../accounts/session.ts'),
  },
  {
    what: 'a feature loads a shared module with import()',
    file: 'web/features/accounts/example.tsx',
    code: "export const later = () => import('../passkeys/passkey-settings.tsx');\n",
  },
  {
    what: "a feature's test sets up another feature",
    file: 'web/features/reminders/example.test.ts',
    code: importOf('../matches/test-match.ts'),
  },
  {
    what: 'a page composes features',
    file: 'web/pages/pool-detail-page.tsx',
    code: importOf('../features/leaderboard/pool-ranking.tsx'),
  },
  {
    what: "a pool's section loads Ionic when opened, with import()",
    file: 'web/pages/pool-detail-page.tsx',
    code: "export const later = () => import('../features/leaderboard/pool-ranking.tsx');\n",
  },
  {
    what: 'a lazy screen imports an unwrapped Ionic component',
    file: 'web/pages/admin-page.tsx',
    code: "import { IonButton } from '@ionic/react';\nexport const used = IonButton;\n",
  },
  {
    what: 'a wrapper of web/ionic/ imports its component',
    file: 'web/ionic/input.ts',
    code: "import { IonInput } from '@ionic/react';\nexport const used = IonInput;\n",
  },
];

describe('import boundaries (eslint.config.js)', () => {
  it.each(violations)('$what: $rule reports it', async ({ file, code, rule }) => {
    expect(await brokenRules(file, code)).toContain(rule);
  });

  it.each(clean)('$what: nothing to report', async ({ file, code }) => {
    expect(await brokenRules(file, code)).toEqual([]);
  });
});
