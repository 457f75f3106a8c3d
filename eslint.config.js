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
 * The features, each above those it reads: a feature imports another only through that one's `api.ts` (its reads,
 * and what other features call), and only a feature listed after it, so features form no cycle. Anything else is a
 * feature's own business: shared things live below, in web/lib/ and web/components/, and a screen that needs two
 * features composes them in web/pages/. A new feature takes its place here.
 */
const featureOrder = ['live', 'leaderboard', 'wall', 'pot', 'bonus', 'la-quiniela', 'mail', 'passkeys', 'pools', 'predictions', 'accounts', 'results', 'reminders', 'matches', 'teams'];
const unordered = features.filter((name) => !featureOrder.includes(name));
if (unordered.length > 0) throw new Error(`eslint.config.js: place ${unordered.join(', ')} in featureOrder`);

const escapeRegex = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const anyOf = (names) => names.map(escapeRegex).join('|');

/** Relative from anywhere under web/ ('../x', '../../features/x', …) or through the '#web/' alias. */
const fromWeb = '^(?:(?:\\.\\./)+|#web/)';

/**
 * An import, static or dynamic, from `feature` that reaches a feature above it (or not listed), or a feature below it
 * by anything but its `api.ts`: relative ('../pools/x.ts', '../../pools/x.ts' from admin/) or through '#web/features/'.
 */
function otherFeatures(feature) {
  const position = featureOrder.indexOf(feature);
  const above = featureOrder.slice(0, position);
  const below = featureOrder.slice(position + 1);
  const reachesAbove = above.length > 0 ? [`(?:${anyOf(above)})(?:/|$)`] : [];
  const reachesBelow = below.length > 0 ? [`(?:${anyOf(below)})(?:/(?!api\\.ts$)|$)`] : [];
  return `^(?:(?:\\.\\./)+(?:features/)?|#web/features/)(?:${[...reachesAbove, ...reachesBelow].join('|')})`;
}

const webZones = {
  feature: (feature) => [
    {
      regex: otherFeatures(feature),
      message:
        "A feature imports only the api.ts of a feature listed after it in eslint.config.js's featureOrder; move what is shared down to web/lib/, or compose features in web/pages/.",
    },
    { regex: `${fromWeb}pages(?:/|$)`, message: 'Pages compose features: a feature never imports web/pages/.' },
  ],
  ground: [
    {
      regex: `${fromWeb}(?:features|pages)(?:/|$)`,
      message: 'web/lib/ and web/components/ are the ground floor: they never import features or pages (a feature plugs itself in).',
    },
  ],
};

/**
 * Its own rule (typescript-eslint's copy of no-restricted-imports, type imports included),
 * so it adds to the web app's other import rules instead of replacing them; `import()`
 * through no-restricted-syntax, which no-restricted-imports does not look at.
 */
const webZone = (rules) => ({
  '@typescript-eslint/no-restricted-imports': ['error', { patterns: rules.map(({ regex, message }) => ({ regex, message })) }],
  'no-restricted-syntax': [
    'error',
    ...rules.map(({ regex, message }) => ({
      selector: `ImportExpression > Literal.source[value=/${regex.replaceAll('/', '\\/')}/]`,
      message,
    })),
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

/** On every floor of the server (each floor's rule repeats it: a later block's options replace an earlier one's). */
const serverNeverWeb = { group: ['\\#web/*', '**/web/**', 'react', 'react-dom', '@ionic/*'], message: 'The server never imports web code.' };

/**
 * An import, relative from anywhere in server/ or through '#server/', of one of the server's `folders` or of one of its
 * top-level `files` (with or without `.ts`).
 */
function serverParts({ folders = [], files = [] }) {
  const parts = [...folders.map((folder) => `${folder}/`), ...files.map((file) => `${file}(?:\\.ts)?$`)];
  return `^(?:(?:\\.\\./)+(?:server/)?|#server/)(?:${parts.join('|')})`;
}

/** The server's entry files: they put the floors together, and no floor imports them. */
const serverEntries = ['app', 'main', 'maintenance', 'services'];

/**
 * The server's floors, lowest first (docs/architecture.md): `lib/` imports nothing else of the server; `db/` imports
 * `lib/`; `modules/` import `lib/`, `db/` and each other; `plugins/` import `lib/`, `db/` and `modules/`. What a floor
 * needs from above comes in as a parameter, typed on that floor. `config.ts` (the environment, read once) is above
 * `lib/` and `db/`; modules and plugins take their settings' types from it.
 */
const serverFloors = {
  lib: {
    regex: serverParts({ folders: ['db', 'modules', 'plugins'], files: [...serverEntries, 'config'] }),
    message: 'server/lib/ is the ground floor: it imports nothing else of the server. Take it as a parameter, typed in lib/.',
  },
  db: {
    regex: serverParts({ folders: ['modules', 'plugins'], files: [...serverEntries, 'config'] }),
    message: 'server/db/ stands on lib/ alone: what it needs of a module or of the app comes in as a parameter, typed in db/.',
  },
  modules: [
    { regex: serverParts({ folders: ['plugins'] }), message: 'A domain rule belongs in its module: plugins/ import modules, never the reverse.' },
    {
      regex: serverParts({ files: serverEntries }),
      message: 'services.ts and app.ts put the modules together and hand each what it needs: a module never imports them.',
    },
  ],
  plugins: {
    regex: serverParts({ files: serverEntries }),
    message: 'app.ts registers the plugins with what they need as options: a plugin never imports the entry files.',
  },
};

/** A floor's rules: its static and type imports (no-restricted-imports) and its `import()`s (no-restricted-syntax). */
const serverFloor = (rules) => ({
  ...boundary([serverNeverWeb, ...rules]),
  'no-restricted-syntax': [
    'error',
    ...rules.map(({ regex, message }) => ({
      selector: `ImportExpression > Literal.source[value=/${regex.replaceAll('/', '\\/')}/]`,
      message,
    })),
  ],
});

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
      'web/features/live/**',
      'web/features/pools/{pool-info-card,invitation-buttons,pool-card,pool-list,pool-notices,pool-rules}.tsx',
      'web/features/predictions/{prediction-list,prediction-card}.tsx',
      'web/features/results/update-results-button.tsx',
      'web/pages/{tabs-layout,home-page,match-list-tab,login-page,register-page,join-page,pools-page,pool-detail-page,account-buttons}.tsx',
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
    rules: webZone(webZones.feature(feature)),
  })),
  {
    files: ['web/lib/**/*.{ts,tsx}', 'web/components/**/*.{ts,tsx}'],
    rules: webZone(webZones.ground),
  },
  {
    // What the server needs of the web build comes through the files the build writes (dist/web/tab-preloads.json).
    files: ['server/**/*.ts'],
    rules: boundary([serverNeverWeb]),
  },
  // The server's floors import only downwards (serverFloors). Tests stand above every floor: they put the app together.
  ...Object.entries(serverFloors).map(([floor, rules]) => ({
    files: [`server/${floor}/**/*.ts`],
    ignores: ['**/*.test.ts'],
    rules: serverFloor([rules].flat()),
  })),
  {
    files: ['contract/**/*.ts'],
    rules: boundary([
      { group: ['\\#server/*', '\\#web/*', '**/server/**', '**/web/**', 'fastify', 'react', 'drizzle-orm'], message: 'The contract depends on zod only.' },
    ]),
  },
);
