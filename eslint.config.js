// One lint setup for the whole repo: typed typescript-eslint rules, React hooks
// rules for the web app, and the import boundaries of docs/architecture.md
// (each boundary is shown to fire by tests/lint/boundaries.test.ts).
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const boundary = (patterns, paths = []) => ({ 'no-restricted-imports': ['error', { patterns, paths }] });

/*
 * `group` patterns are read like .gitignore lines, where a leading `#` starts a comment:
 * '#server/*' would match nothing. `\#` is a literal `#`.
 */
const webBoundary = [
  { group: ['\\#server/*', '**/server/**'], message: 'The web app talks to the server only through the API (contract/).' },
  { group: ['fastify', 'fastify-*', '@fastify/*', 'drizzle-orm', 'drizzle-orm/*', 'pg', '@electric-sql/*'], message: 'Server-only package.' },
];

/**
 * The contract's barrel re-exports every module, so a web chunk that imported it would build every schema of the
 * contract as it loads; a screen imports the contract module it uses ('#contract/pools'), and builds only those.
 */
const contractBarrel = {
  name: '#contract/index',
  message: "Import the contract module that defines it ('#contract/pools'): the barrel builds every schema with the first screen.",
};

/** The web app's features, one domain each (web/features/<name>/). */
const features = readdirSync(new URL('./web/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * What a feature may import from another: its `api.ts` and `admin/api.ts` (queries,
 * key factories, invalidation helpers), its `keys.ts` (keys and invalidation alone,
 * without the schemas, where a first load must do without them), and these modules. Anything else is that
 * feature's own business: a screen that needs two features composes them in web/pages/.
 */
const sharedFeatureModules = [
  // The signed-in user, as stored on this device.
  'accounts/session.ts',
  // A match's teams as the screens show them.
  'matches/upcoming-matches.ts',
  // How the admin screens label matches (the results import lists the matches it changed) and fold text for their searches.
  'matches/admin/match-admin.ts',
  // Accounts' way to biometrics: whether this device can, the step after a password sign-in, the "Biometría" dialog.
  'passkeys/passkey.ts',
  'passkeys/passkey-flow.ts',
  'passkeys/passkey-settings.tsx',
  // Matches with their teams, by round (the rankings are by round too).
  'predictions/fixtures.ts',
  // Signing out forgets this browser's push subscription.
  'reminders/notifications.ts',
  // The "Avisos" dialog, opened from the account buttons.
  'reminders/notification-settings.tsx',
];

const escapeRegex = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * An import, static or dynamic, that reaches into another feature than `feature`
 * by anything but a shared module: relative ('../pools/x.ts', '../../pools/x.ts'
 * from admin/) or through the '#web/' alias.
 */
function otherFeatureInternals(feature) {
  const others = features.filter((name) => name !== feature).map(escapeRegex);
  const shared = [...sharedFeatureModules.map(escapeRegex), '[^/]+/(?:admin/)?api\\.ts', '[^/]+/keys\\.ts'];
  return `^(?:(?:\\.\\./)+(?:features/)?|#web/features/)(?!(?:${shared.join('|')})$)(?:${others.join('|')})(?:/|$)`;
}

const featureBoundaryMessage =
  'A feature imports another only through its api.ts (or admin/api.ts, keys.ts) or a shared module listed in eslint.config.js; compose features in web/pages/.';

/**
 * Its own rule (typescript-eslint's copy of no-restricted-imports, type imports included),
 * so it adds to the web app's other import rules instead of replacing them; `import()`
 * through no-restricted-syntax, which no-restricted-imports does not look at.
 */
const featureBoundary = (feature) => ({
  '@typescript-eslint/no-restricted-imports': [
    'error',
    { patterns: [{ regex: otherFeatureInternals(feature), message: featureBoundaryMessage }] },
  ],
  'no-restricted-syntax': [
    'error',
    {
      selector: `ImportExpression > Literal.source[value=/${otherFeatureInternals(feature).replaceAll('/', '\\/')}/]`,
      message: featureBoundaryMessage,
    },
  ],
});

const firstLoadIonic =
  'First-load code: Ionic would load with /login, Inicio, Mis Quinelas or a pool (budgets in tests/support/first-load.ts); load what uses it with import().';

/** Wrappers web/ionic/ defines so their components load with the lazy screens (see web/ionic/lazy-component.ts). */
const lazyIonicComponents = {
  name: '@ionic/react',
  importNames: ['IonFab', 'IonFabButton', 'IonInput', 'IonSegment', 'IonSegmentButton', 'IonSelect', 'IonSelectOption', 'IonTextarea', 'IonToggle'],
  message: 'Import it from web/ionic/: from @ionic/react its code would load with every screen that uses Ionic.',
};

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'data/', '.e2e-data/', 'test-results/', 'playwright-report/', 'server/db/migrations/'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: { allowDefaultProject: ['*.js', 'scripts/*.mjs'] }, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Fastify plugins and route handlers are async by contract, awaiting or not.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Tests read untyped JSON bodies (`res.json()`) on purpose: the assertions are the types.
    files: ['tests/**/*.ts', '**/*.test.ts', '**/*.test.tsx'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  { files: ['**/*.js', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...boundary(webBoundary, [contractBarrel, lazyIonicComponents]),
    },
  },
  {
    // What the sign-in screens, Inicio, Mis Quinelas and a pool's Predecir load first: Ionic arrives only with the
    // screens, sections and dialogs that use it, each loaded when opened (issue 38).
    files: [
      'web/main.tsx',
      'web/app.tsx',
      'web/components/**',
      'web/lib/**',
      'web/features/matches/*',
      'web/features/teams/api.ts',
      'web/features/reminders/**',
      'web/features/accounts/account-buttons.tsx',
      'web/features/live/**',
      'web/features/pools/{pool-info-card,invitation-buttons,pool-card,pool-list,pool-notices,pool-rules}.tsx',
      'web/features/predictions/{prediction-list,prediction-card}.tsx',
      'web/features/results/update-results-button.tsx',
      'web/pages/{tabs-layout,home-page,match-list-tab,login-page,register-page,join-page,pools-page,pool-detail-page}.tsx',
    ],
    // The "Avisos" dialog is loaded lazily, on the bell's first tap (account-buttons.tsx), as "Biometría" is.
    ignores: ['**/*.test.{ts,tsx}', 'web/features/reminders/notification-settings.tsx'],
    rules: boundary(
      [...webBoundary, { group: ['**/ionic/*'], message: firstLoadIonic }],
      [contractBarrel, { name: '@ionic/react', message: firstLoadIonic }],
    ),
  },
  {
    // The wrappers themselves take their prop types from @ionic/react.
    files: ['web/ionic/*.ts'],
    rules: boundary(webBoundary, [contractBarrel]),
  },
  ...features.map((feature) => ({
    files: [`web/features/${feature}/**/*.{ts,tsx}`],
    // Tests may set up any feature's data.
    ignores: ['**/*.test.{ts,tsx}'],
    rules: featureBoundary(feature),
  })),
  {
    // What the server needs of the web build comes through the files the build writes (dist/web/tab-preloads.json).
    files: ['server/**/*.ts'],
    rules: boundary([{ group: ['\\#web/*', '**/web/**', 'react', 'react-dom', '@ionic/*'], message: 'The server never imports web code.' }]),
  },
  {
    // Plugins apply the modules' rules (authentication, guards); a module never reaches back into plugins/.
    files: ['server/modules/**/*.ts'],
    rules: boundary([
      { group: ['\\#web/*', '**/web/**', 'react', 'react-dom', '@ionic/*'], message: 'The server never imports web code.' },
      { group: ['\\#server/plugins/*', '**/plugins/**'], message: 'A domain rule belongs in its module: plugins/ import modules, never the reverse.' },
    ]),
  },
  {
    files: ['contract/**/*.ts'],
    rules: boundary([
      { group: ['\\#server/*', '\\#web/*', '**/server/**', '**/web/**', 'fastify', 'react', 'drizzle-orm'], message: 'The contract depends on zod only.' },
    ]),
  },
);
