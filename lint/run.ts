/**
 * Runs ESLint over the repository with lint/eslint.config.js. typescript-eslint parses with TypeScript's JS API,
 * which TypeScript 7 (the compiler everything else uses, hoisted to the root) no longer ships, and npm hoists some
 * of typescript-eslint's helpers next to it; so every `typescript` import made while linting is pointed at this
 * workspace's TypeScript 6.
 */
import { registerHooks } from 'node:module';
import { fileURLToPath } from 'node:url';

const typescript = import.meta.resolve('typescript');
registerHooks({
  resolve: (specifier, context, next) => (specifier === 'typescript'
    ? { url: typescript, format: 'commonjs', shortCircuit: true }
    : next(specifier, context)),
});

const { ESLint } = await import('eslint');
const root = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd: root, overrideConfigFile: fileURLToPath(new URL('eslint.config.js', import.meta.url)) });
const results = await eslint.lintFiles(['.']);
const formatter = await eslint.loadFormatter('stylish');
const report = await formatter.format(results);
if (report) console.log(report);
const problems = results.reduce((sum, result) => sum + result.errorCount + result.warningCount, 0);
console.log(`lint: ${results.length} files, ${problems} problems`);
process.exitCode = problems === 0 ? 0 : 1;
