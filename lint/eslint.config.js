// The project's import boundaries (docs/ARCHITECTURE.md, "Boundaries"), checked on every `npm run typecheck`.
// Only these rules: tsc already checks types, and the machine is small.
import tseslint from 'typescript-eslint';

/** `no-restricted-imports` with one pattern per forbidden kind of path (regexes are matched against the import). */
const forbid = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

export default tseslint.config(
  {
    // run.ts lints from the repository root, so every path here is relative to it.
    ignores: ['**/node_modules/**', '**/dist/**', '.tmp/**', 'data/**', 'server/platform/db/migrations/**'],
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  {
    files: ['contract/**'],
    rules: forbid({ regex: '^(?!zod$|\\./)', message: 'contract/ imports only zod and other contract files.' }),
  },
  {
    files: ['server/platform/**'],
    rules: forbid({ regex: '/features/', message: 'server/platform/ imports no feature: features stand on the platform.' }),
  },
  {
    files: ['server/features/**'],
    ignores: ['**/*.test.ts'],
    rules: forbid({
      regex: '^\\.\\./(?!\\.\\.)[^/]+/(?!(public|membership)\\.ts$)',
      message: 'Another feature is used only through its public.ts or membership.ts; export what you need there.',
    }),
  },
  {
    // A test may also build another feature's data with that feature's fixtures.
    files: ['server/features/**/*.test.ts'],
    rules: forbid({
      regex: '^\\.\\./(?!\\.\\.)[^/]+/(?!(public|membership|test-helpers)\\.ts$)',
      message: "A test uses another feature only through its public.ts, membership.ts or test-helpers.ts.",
    }),
  },
  {
    files: ['web/src/features/**'],
    rules: forbid(
      { regex: '^\\.\\./\\.\\./app/', message: 'A web feature does not import the app shell (web/src/app/); shared pieces live in web/src/shared/.' },
      {
        regex: '^\\.\\./(?!\\.\\.)[^/]+/(?!(queries|public)\\.tsx?$)',
        message: "Another web feature is used only through its queries.ts (query options) or public.ts(x) (components).",
      },
    ),
  },
  {
    files: ['web/src/shared/**'],
    rules: forbid({ regex: '/(features|app)/', message: 'web/src/shared/ imports no feature and not the app shell.' }),
  },
);
