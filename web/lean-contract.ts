import { fileURLToPath } from 'node:url';
import MagicString from 'magic-string';
import { parseSync, type ESTree, type Plugin } from 'vite';

const contractDir = fileURLToPath(new URL('../contract/', import.meta.url));
/** What the web's API client reads of an endpoint (shared/api/client.ts); its schemas are the server's business. */
const routeKeys = new Set(['method', 'path', 'access']);

/**
 * The contract as the browser needs it. An endpoint keeps only its route: the web types its calls from the
 * schemas but never runs them, so the response schemas (and with them zod) stay out of every chunk that only
 * calls the API. Every top-level value is marked pure, so a schema the web never imports is dropped; the schemas
 * a form validates with stay, in the lazy chunk of that form.
 */
export function leanContract(): Plugin {
  return {
    name: 'hearth-lean-contract',
    transform(code, id) {
      if (!id.startsWith(contractDir) || !id.endsWith('.ts') || id.endsWith('.test.ts')) return null;
      const out = new MagicString(code);
      for (const statement of parseSync(id, code, { lang: 'ts' }).program.body) {
        const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
        if (declaration?.type !== 'VariableDeclaration') continue;
        for (const { init } of declaration.declarations) {
          if (!init || init.type === 'ArrowFunctionExpression' || init.type === 'FunctionExpression') continue;
          if (isEndpoint(init)) keepRouteOnly(out, init.arguments[0] as ESTree.ObjectExpression);
          out.prependLeft(init.start, '/* @__PURE__ */ (() => (');
          out.appendRight(init.end, '))()');
        }
      }
      return { code: out.toString(), map: out.generateMap({ hires: 'boundary', source: id }) };
    },
  };
}

function isEndpoint(node: ESTree.Expression): node is ESTree.CallExpression {
  return node.type === 'CallExpression' && node.callee.type === 'Identifier' && node.callee.name === 'endpoint'
    && node.arguments[0]?.type === 'ObjectExpression';
}

function keepRouteOnly(out: MagicString, route: ESTree.ObjectExpression): void {
  const kept = route.properties.filter((p) => p.type === 'Property' && p.key.type === 'Identifier' && routeKeys.has(p.key.name));
  if (kept.length !== routeKeys.size) throw new Error(`An endpoint at ${route.start} must spell out ${[...routeKeys].join(', ')}`);
  out.overwrite(route.start, route.end, `{ ${kept.map((p) => out.original.slice(p.start, p.end)).join(', ')} }`);
}
