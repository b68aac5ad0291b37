import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import checkFile from 'eslint-plugin-check-file';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

/**
 * The parts of the tree and which may import which (docs/decisions/009-feature-folders.md):
 * common is imported by both sides and imports neither; a feature uses its own files and the shared
 * floors below it, never another feature. On the web side the floors are query-keys, then
 * components and lib; pages put several features' parts together, through each feature's index.ts.
 *
 * The server stands in floors (docs/decisions/010-server-floors.md), bottom first: the base
 * modules beside app.ts (config, errors, clock, field cipher), db, services, plugins, features,
 * seed, then app.ts and main.ts, which put it all together. A floor imports its own and the
 * floors below it, never one above. A server feature imports no other feature, not even its
 * index.ts: what two features share lives on a floor below them. Import cycles inside src/server
 * are caught by scripts/import-cycles.test.ts (src/web too).
 */
const SERVER_BASE = 'src/server/{config,clock,errors,field-cipher,session-secret,trust-proxy}.ts';

const elements = [
  { type: 'common', pattern: 'src/common/**', mode: 'full' },
  { type: 'server-feature-entry', pattern: 'src/server/features/*/index.ts', mode: 'full', capture: ['feature'] },
  { type: 'server-feature-list', pattern: 'src/server/features/index.ts', mode: 'full' },
  { type: 'server-feature', pattern: 'src/server/features/*/**', mode: 'full', capture: ['feature'] },
  { type: 'server-test-kit', pattern: 'src/server/test/**', mode: 'full' },
  { type: 'server-seed', pattern: 'src/server/seed/**', mode: 'full' },
  { type: 'server-base', pattern: SERVER_BASE, mode: 'full' },
  { type: 'server-db', pattern: 'src/server/db/**', mode: 'full' },
  { type: 'server-backup', pattern: 'src/server/backup/**', mode: 'full' },
  { type: 'server-services', pattern: 'src/server/services/**', mode: 'full' },
  { type: 'server-plugins', pattern: 'src/server/plugins/**', mode: 'full' },
  // Any other top-level file is composition (app.ts, main.ts): nothing below may import it.
  { type: 'server-app', pattern: 'src/server/*.ts', mode: 'full' },
  { type: 'web-feature-api', pattern: 'src/web/features/*/index.ts', mode: 'full', capture: ['feature'] },
  { type: 'web-feature', pattern: 'src/web/features/*/**', mode: 'full', capture: ['feature'] },
  { type: 'web-page', pattern: 'src/web/pages/**', mode: 'full' },
  { type: 'web-shared', pattern: 'src/web/{components,lib}/**', mode: 'full' },
  { type: 'web-query-keys', pattern: 'src/web/query-keys/**', mode: 'full' },
  { type: 'web-core', pattern: 'src/web/{*.tsx,*.ts,embed/**}', mode: 'full' },
];

const sameFeature = (type) => [type, { feature: '${from.feature}' }];

/** The server's shared floors, bottom first; `upTo(floor)` is what that floor may import. */
const SERVER_FLOORS = ['server-base', 'server-db', 'server-services', 'server-plugins'];
const upTo = (floor) => ['common', ...SERVER_FLOORS.slice(0, SERVER_FLOORS.indexOf(floor) + 1)];

/** What any part of the web app above the floors may import. */
const WEB_FLOORS = ['common', 'web-shared', 'web-query-keys'];

const importDirection = [
  { from: 'common', allow: ['common'] },
  ...SERVER_FLOORS.map((floor) => ({ from: floor, allow: upTo(floor) })),
  // Backups read the database; only scripts use them.
  { from: 'server-backup', allow: [...upTo('server-db'), 'server-backup'] },
  // A feature imports its own files and the floors below, never another feature.
  { from: 'server-feature', allow: [...upTo('server-plugins'), sameFeature('server-feature')] },
  { from: 'server-feature-entry', allow: [...upTo('server-plugins'), sameFeature('server-feature')] },
  // The list of features (written by scripts/list-features.ts) names each folder's index.ts.
  { from: 'server-feature-list', allow: [...upTo('server-plugins'), 'server-feature-entry'] },
  // Seeds stand above the features: the first organiser is made the way the auth feature makes one.
  { from: 'server-seed', allow: [...upTo('server-plugins'), 'server-feature', 'server-feature-entry', 'server-seed'] },
  { from: 'server-app', allow: [...upTo('server-plugins'), 'server-feature-list', 'server-seed', 'server-app'] },
  {
    from: 'server-test-kit',
    allow: [...upTo('server-plugins'), 'server-app', 'server-seed', 'server-feature', 'server-feature-entry', 'server-test-kit'],
  },
  // The web side's shared floors, bottom first: common, then the cache keys (so a feature
  // refreshes another's data by name without importing that feature), then components and lib.
  { from: 'web-query-keys', allow: ['common', 'web-query-keys'] },
  { from: 'web-shared', allow: ['common', 'web-query-keys', 'web-shared'] },
  // A web feature imports its own files and the floors below, never another feature: where a
  // screen shows several features' parts, the page in src/web/pages puts them together.
  { from: 'web-feature', allow: [...WEB_FLOORS, sameFeature('web-feature'), sameFeature('web-feature-api')] },
  { from: 'web-feature-api', allow: [sameFeature('web-feature')] },
  { from: 'web-page', allow: [...WEB_FLOORS, 'web-feature', 'web-feature-api', 'web-page'] },
  { from: 'web-core', allow: [...WEB_FLOORS, 'web-page', 'web-core', 'web-feature-api'] },
];

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', 'src/server/db/migrations', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    // Type-aware checks: a promise nobody awaits loses its error, one passed where a plain
    // callback is expected runs unobserved.
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': elements,
      // Tests may reach any file they exercise.
      'boundaries/ignore': ['**/*.test.ts', '**/*.test.tsx'],
      'import/resolver': { typescript: { project: './tsconfig.json' } },
    },
    rules: { 'boundaries/element-types': ['error', { default: 'disallow', rules: importDirection }] },
  },
  {
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': ['error', { '**/*.{ts,tsx,js,mjs}': 'KEBAB_CASE' }, { ignoreMiddleExtensions: true }],
      'check-file/folder-naming-convention': ['error', { '{src,e2e,bench,hardening,scripts}/**/': 'KEBAB_CASE' }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // A cache key is named once (src/web/query-keys/<feature>.ts, or lib/ for data many pages read), so
    // whatever changes that data refreshes it through the name, never by repeating its address.
    files: ['src/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "Property[key.name='queryKey'] > ArrayExpression",
          message: "Use the feature's query keys (src/web/query-keys/<feature>.ts), not a literal key.",
        },
      ],
    },
  },
  // Formatting is Prettier's job (npm run format); turn off the style rules that would disagree.
  prettier,
);
