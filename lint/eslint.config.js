// The project's import boundaries (docs/ARCHITECTURE.md, "Boundaries, enforced"), no import cycles, and React's
// rules of hooks, checked by `npm run typecheck`. Only these rules: tsc already checks types, and the machine is
// small. run.ts lints from the repository root, so every path here is relative to it.
import { fileURLToPath } from 'node:url';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const root = fileURLToPath(new URL('..', import.meta.url));

/** `no-restricted-imports` with one regex per forbidden kind of import (matched against the import string). */
const forbid = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

/** `../<other feature>/<file>` where the file is not one of `allowed`. */
const otherFeatureExcept = (...allowed) => `^\\.\\./(?!\\.\\.)[^/]+/(?!(${allowed.join('|')})\\.tsx?$)`;

/**
 * The schema files (server/platform/db/schema/<area>.ts) each server feature's code may import tables from: its own.
 * Family's members are user accounts, and the super admin's console, which owns no table, manages accounts and
 * families. Calendar still reads a family's name, timezone and member ids directly (not yet through membership.ts).
 */
const tablesOf = {
  accounts: ['accounts'],
  'ai-planner': ['ai-planner'],
  calendar: ['calendar', 'family'],
  dashboard: [],
  family: ['family', 'accounts'],
  grocery: ['grocery'],
  health: [],
  live: [],
  locations: ['locations'],
  meals: ['meals'],
  superadmin: ['accounts', 'family'],
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.tmp/**', 'data/**', 'server/platform/db/migrations/**'] },
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: {
      // A cycle makes the order modules run in depend on which one is imported first. Type-only imports are
      // erased, so they cannot make one.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Tables that reference each other across files (users and families, meals and grocery items) import each other:
    // drizzle reads a reference only through its callback (`() => families.id`), after every file has loaded.
    files: ['server/platform/db/schema/**'],
    rules: { 'import-x/no-cycle': 'off' },
  },
  {
    // The embedded engine's folder has one entry point: what it does inside may change with each PGlite version.
    files: ['**/*.ts', '**/*.tsx'],
    ignores: ['server/platform/db/engine/**'],
    rules: {
      'import-x/no-restricted-paths': ['error', {
        basePath: root,
        zones: [{
          target: '.', from: 'server/platform/db/engine', except: ['./index.ts'],
          message: 'The embedded engine is used through server/platform/db/engine/index.ts only.',
        }],
      }],
    },
  },
  {
    files: ['web/src/**/*.tsx', 'web/src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['contract/**'],
    rules: forbid({
      regex: '^(?!zod$|vitest$|\\./)',
      message: 'contract/ depends on zod only: it is shared by the server and the web app.',
    }),
  },
  {
    files: ['server/platform/**'],
    rules: forbid({
      regex: '/features/',
      message: 'Platform code never imports a feature: features stand on the platform, not the other way round.',
    }),
  },
  {
    // A feature not in `tablesOf` yet: no other feature's internals, and no table from the index of all of them.
    files: ['server/features/**'],
    ignores: ['**/*.test.ts', '**/test-helpers.ts', '**/testing.ts'],
    rules: forbid(
      {
        regex: otherFeatureExcept('public', 'membership'),
        message: "A feature uses another feature only through its public.ts (or family's membership.ts).",
      },
      { regex: 'platform/db/schema\\.ts$', message: 'A feature imports its own tables from their schema file.' },
    ),
  },
  // Per feature: another feature only through its public.ts, and tables only from its own schema files
  // (server/platform/db/schema/<area>.ts, not the index that holds every table): another feature's data is read
  // through that feature's public.ts.
  ...Object.entries(tablesOf).map(([feature, areas]) => ({
    files: [`server/features/${feature}/**`],
    ignores: ['**/*.test.ts', '**/test-helpers.ts', '**/testing.ts'],
    rules: forbid(
      {
        regex: otherFeatureExcept('public', 'membership'),
        message: "A feature uses another feature only through its public.ts (or family's membership.ts).",
      },
      {
        regex: `platform/db/schema(\\.ts$|/(?!(${[...areas, 'columns'].join('|')})\\.ts$))`,
        message: `${feature} reads only its own tables (${areas.join(', ') || 'none'}), from their schema file; other features' data through their public.ts.`,
      },
    ),
  })),
  {
    // Tests may also build another feature's data with that feature's fixtures.
    files: ['server/features/**/*.test.ts', 'server/features/**/test-helpers.ts', 'server/features/**/testing.ts'],
    rules: forbid({
      regex: otherFeatureExcept('public', 'membership', 'test-helpers', 'testing'),
      message: "A test uses another feature only through its public.ts, membership.ts or test helpers.",
    }),
  },
  {
    files: ['web/src/features/**'],
    rules: forbid(
      {
        regex: '(^|/)app/',
        message: 'Web features do not import the app shell; shared pieces live in web/src/shared/.',
      },
      { regex: otherFeatureExcept('queries'), message: 'A web feature uses another feature only through its queries.ts.' },
    ),
  },
  {
    files: ['web/src/shared/**'],
    rules: forbid({
      regex: '/(features|app)/',
      message: 'Shared web code imports neither features nor the app shell.',
    }),
  },
);
