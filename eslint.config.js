// One lint setup for the whole repo: typed typescript-eslint rules, React hooks
// rules for the web app, and the import boundaries of docs/architecture.md.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const boundary = (patterns, paths = []) => ({ 'no-restricted-imports': ['error', { patterns, paths }] });

const webBoundary = [
  { group: ['#server/*', '**/server/**'], message: 'The web app talks to the server only through the API (contract/).' },
  { group: ['fastify', 'fastify-*', '@fastify/*', 'drizzle-orm', 'drizzle-orm/*', 'pg', '@electric-sql/*'], message: 'Server-only package.' },
];

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
      ...boundary(webBoundary, [lazyIonicComponents]),
    },
  },
  {
    // What the sign-in screens and Inicio load first: Ionic arrives only with the other tab screens.
    files: [
      'web/main.tsx',
      'web/app.tsx',
      'web/components/**',
      'web/lib/**',
      'web/features/matches/*',
      'web/features/reminders/**',
      'web/features/accounts/account-buttons.tsx',
      'web/pages/{tabs-layout,home-page,login-page,register-page,join-page}.tsx',
    ],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: boundary(webBoundary, [
      { name: '@ionic/react', message: 'First-load code: Ionic would load with /login and Inicio (budgets in tests/support/first-load.ts).' },
    ]),
  },
  {
    // The wrappers themselves take their prop types from @ionic/react.
    files: ['web/ionic/*.ts'],
    rules: boundary(webBoundary),
  },
  {
    files: ['server/**/*.ts'],
    rules: boundary([{ group: ['#web/*', '**/web/**', 'react', 'react-dom', '@ionic/*'], message: 'The server never imports web code.' }]),
  },
  {
    files: ['contract/**/*.ts'],
    rules: boundary([
      { group: ['#server/*', '#web/*', '**/server/**', '**/web/**', 'fastify', 'react', 'drizzle-orm'], message: 'The contract depends on zod only.' },
    ]),
  },
);
