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
  {
    what: 'a module loads plugins/ with import()',
    file: 'server/modules/pools/example.ts',
    code: "export const later = () => import('../../plugins/authenticate.ts');\n",
    rule: 'no-restricted-syntax',
  },
  // modules ↛ the entry files
  {
    what: 'a module imports services.ts',
    file: 'server/modules/pools/example.ts',
    code: "import type { Services } from '../../services.ts';\nexport type Used = Services;\n",
    rule: 'no-restricted-imports',
  },
  {
    what: 'a module imports #server/app',
    file: 'server/modules/pools/example.ts',
    code: importOf('#server/app'),
    rule: 'no-restricted-imports',
  },
  // server/lib is the ground floor
  {
    what: 'lib imports db/',
    file: 'server/lib/example.ts',
    code: importOf('../db/client.ts'),
    rule: 'no-restricted-imports',
  },
  {
    what: "lib imports a module's types",
    file: 'server/lib/example.ts',
    code: "import type { TickSummary } from '../modules/reminders/reminder-scheduler.ts';\nexport type Used = TickSummary;\n",
    rule: 'no-restricted-imports',
  },
  {
    what: 'lib imports plugins/',
    file: 'server/lib/example.ts',
    code: importOf('../plugins/error-handler.ts'),
    rule: 'no-restricted-imports',
  },
  {
    what: 'lib imports config.ts',
    file: 'server/lib/example.ts',
    code: importOf('../config.ts'),
    rule: 'no-restricted-imports',
  },
  {
    what: 'lib imports #server/services',
    file: 'server/lib/example.ts',
    code: importOf('#server/services'),
    rule: 'no-restricted-imports',
  },
  {
    what: 'lib loads a module with import()',
    file: 'server/lib/example.ts',
    code: "export const later = () => import('../modules/accounts/passwords.ts');\n",
    rule: 'no-restricted-syntax',
  },
  {
    what: 'lib still may not import web code',
    file: 'server/lib/example.ts',
    code: importOf('#web/lib/paths.ts'),
    rule: 'no-restricted-imports',
  },
  // db stands on lib alone
  {
    what: 'the seed imports a module',
    file: 'server/db/seed/example.ts',
    code: "import type { ResultsImporter } from '../../modules/results/results-importer.ts';\nexport type Used = ResultsImporter;\n",
    rule: 'no-restricted-imports',
  },
  {
    what: 'db imports #server/modules/…',
    file: 'server/db/example.ts',
    code: importOf('#server/modules/accounts/passwords'),
    rule: 'no-restricted-imports',
  },
  {
    what: 'db imports services.ts',
    file: 'server/db/example.ts',
    code: importOf('../services.ts'),
    rule: 'no-restricted-imports',
  },
  {
    what: 'db imports #server/config',
    file: 'server/db/example.ts',
    code: importOf('#server/config'),
    rule: 'no-restricted-imports',
  },
  // plugins ↛ the entry files
  {
    what: 'a plugin imports services.ts',
    file: 'server/plugins/example.ts',
    code: "import type { Services } from '../services.ts';\nexport type Used = Services;\n",
    rule: 'no-restricted-imports',
  },
  {
    what: 'a plugin imports #server/app',
    file: 'server/plugins/example.ts',
    code: importOf('#server/app'),
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
  // feature ↛ another feature, but for the api.ts of one below it (eslint.config.js's featureOrder)
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
  {
    what: 'a feature imports the api.ts of a feature above it (the two could import each other)',
    file: 'web/features/teams/example.ts',
    code: importOf('../matches/api.ts'),
    rule: '@typescript-eslint/no-restricted-imports',
  },
  {
    what: 'a feature loads the api.ts of a feature above it with import()',
    file: 'web/features/reminders/example.ts',
    code: "export const later = () => import('../accounts/api.ts');\n",
    rule: 'no-restricted-syntax',
  },
  {
    what: "a feature imports another's admin/api.ts",
    file: 'web/features/results/admin/example.ts',
    code: importOf('../../matches/admin/api.ts'),
    rule: '@typescript-eslint/no-restricted-imports',
  },
  {
    what: "a feature imports another's module that is not its api.ts",
    file: 'web/features/predictions/example.ts',
    code: importOf('../teams/team-card.tsx'),
    rule: '@typescript-eslint/no-restricted-imports',
  },
  // web/lib and web/components ↛ features ↛ pages
  {
    what: 'a feature imports a page',
    file: 'web/features/pools/example.ts',
    code: importOf('../../pages/pools-page.tsx'),
    rule: '@typescript-eslint/no-restricted-imports',
  },
  {
    what: 'web/lib imports a feature',
    file: 'web/lib/example.ts',
    code: importOf('../features/accounts/api.ts'),
    rule: '@typescript-eslint/no-restricted-imports',
  },
  {
    what: 'web/lib loads a page with import()',
    file: 'web/lib/example.ts',
    code: "export const later = () => import('../pages/pools-page.tsx');\n",
    rule: 'no-restricted-syntax',
  },
  {
    what: 'a component imports a feature through #web/',
    file: 'web/components/example.tsx',
    code: importOf('#web/features/teams/api.ts'),
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
  { what: 'lib imports lib', file: 'server/lib/example.ts', code: importOf('./errors.ts') },
  { what: 'lib imports #server/lib/…', file: 'server/lib/example.ts', code: importOf('#server/lib/clock') },
  { what: 'lib imports the contract', file: 'server/lib/example.ts', code: importOf('#contract/index') },
  { what: 'db imports lib', file: 'server/db/example.ts', code: importOf('../lib/errors.ts') },
  { what: 'the seed imports db', file: 'server/db/seed/example.ts', code: importOf('../schema.ts') },
  {
    what: 'a module imports db and lib',
    file: 'server/modules/pools/example.ts',
    code: "import { thing } from '../../db/client.ts';\nimport { other } from '../../lib/errors.ts';\nexport const used = [thing, other];\n",
  },
  {
    what: "a module imports the settings' types",
    file: 'server/modules/pools/example.ts',
    code: "import type { Config } from '../../config.ts';\nexport type Used = Config;\n",
  },
  { what: 'a plugin imports another plugin', file: 'server/plugins/example.ts', code: importOf('./error-handler.ts') },
  { what: 'a plugin imports db', file: 'server/plugins/example.ts', code: importOf('../db/statistics.ts') },
  {
    what: 'services.ts imports every floor',
    file: 'server/services.ts',
    code: "import { a } from './lib/clock.ts';\nimport { b } from './db/client.ts';\nimport { c } from './modules/pools/pools.service.ts';\nimport { d } from './plugins/metrics.ts';\nexport const used = [a, b, c, d];\n",
  },
  {
    what: 'a server test puts the app together',
    file: 'server/db/seed/example.test.ts',
    code: importOf('../../services.ts'),
  },
  { what: 'a script imports the server', file: 'scripts/example.ts', code: importOf('#server/services') },
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
    what: "a feature imports the api.ts of a feature below it",
    file: 'web/features/predictions/example.ts',
    code: importOf('../results/api.ts'),
  },
  {
    what: "an admin screen imports the api.ts of a feature below it",
    file: 'web/features/results/admin/example.ts',
    code: importOf('../../teams/api.ts'),
  },
  {
    what: "a feature loads the api.ts of a feature below it through #web/features/, with import()",
    file: 'web/features/pools/example.ts',
    code: "export const later = () => import('#web/features/matches/api.ts');\n",
  },
  { what: 'web/lib imports web/lib', file: 'web/lib/example.ts', code: importOf('./session.ts') },
  { what: 'a component imports web/lib', file: 'web/components/example.tsx', code: importOf('../lib/topics.ts') },
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
