// The import boundaries of issue 15 as a small local ESLint plugin.
//
// Why not the core `no-restricted-imports`: it sees only static import/export
// declarations, and this tree loads Firebase, the voice grammar and Stripe
// through `import()` (a domain file doing `await import('firebase/firestore')`
// would pass it). Why not eslint-plugin-import-x / eslint-plugin-boundaries:
// they resolve every specifier on disk and skip what they cannot resolve, so a
// misconfigured resolver silently turns the rules off. This rule needs no
// resolver: a relative specifier is resolved by path arithmetic from the file
// being linted, and the result (a path relative to the repository root) or the
// bare specifier is matched against the restriction's patterns. That also lets
// a test lint fixture text that pretends to live anywhere in the tree.
//
// One implementation, registered under one rule name per forbidden direction,
// so that a file in two zones (shared's domain core is also browser code) gets
// both rules: flat config replaces a rule's options, it never merges them.
import path from 'node:path';
import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';

/** The repository root: this file lives in <root>/tooling/eslint/. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every Node built-in, with or without `node:` (`fs`, `fs/promises`, `node:test`). */
export const NODE_BUILTINS = `^(?:node:|(?:${builtinModules
  .filter((name) => !name.startsWith('_'))
  .map(escape)
  .join('|')})(?:/|$))`;

const restrictionSchema = {
  type: 'object',
  properties: {
    /** Regular expressions tested against a bare specifier as written (`firebase-admin/app`). */
    modules: { type: 'array', items: { type: 'string' } },
    /** Regular expressions tested against where a relative specifier lands, relative to the repository root, `/`-separated. */
    paths: { type: 'array', items: { type: 'string' } },
    /** What the report says: which boundary, and what to do instead. */
    message: { type: 'string' },
  },
  required: ['message'],
  additionalProperties: false,
};

/** @param {string} description */
function restrictedImportsRule(description) {
  return {
    meta: {
      type: 'problem',
      docs: { description },
      schema: [{ type: 'object', properties: { restrictions: { type: 'array', items: restrictionSchema } }, required: ['restrictions'], additionalProperties: false }],
      messages: { restricted: "'{{specifier}}': {{message}}" },
    },
    create(context) {
      const restrictions = (context.options[0]?.restrictions ?? []).map((restriction) => ({
        message: restriction.message,
        modules: (restriction.modules ?? []).map((source) => new RegExp(source)),
        paths: (restriction.paths ?? []).map((source) => new RegExp(source)),
      }));
      const fileDir = path.dirname(context.filename);

      /** @param {import('estree').Node} node @param {string} specifier */
      function check(node, specifier) {
        const relative = specifier.startsWith('./') || specifier.startsWith('../') || specifier === '.' || specifier === '..';
        const target = relative ? path.relative(ROOT, path.resolve(fileDir, specifier)).split(path.sep).join('/') : undefined;
        for (const restriction of restrictions) {
          const hit = target !== undefined ? restriction.paths.some((re) => re.test(target)) : restriction.modules.some((re) => re.test(specifier));
          if (hit) {
            context.report({ node, messageId: 'restricted', data: { specifier, message: restriction.message } });
            return;
          }
        }
      }

      /** The specifier of `import('x')`, `require('x')`, or a template literal without expressions. */
      const literal = (node) => {
        if (node?.type === 'Literal' && typeof node.value === 'string') return node.value;
        if (node?.type === 'TemplateLiteral' && node.expressions.length === 0) return node.quasis[0]?.value.cooked ?? undefined;
        return undefined;
      };
      const checkSource = (node, source) => {
        const specifier = literal(source);
        if (specifier !== undefined) check(node, specifier);
      };

      return {
        ImportDeclaration: (node) => checkSource(node, node.source),
        ExportNamedDeclaration: (node) => node.source && checkSource(node, node.source),
        ExportAllDeclaration: (node) => checkSource(node, node.source),
        ImportExpression: (node) => checkSource(node, node.source),
        // `typeof import('x')` in a type position still ties this file to x's package.
        // (typescript-eslint 8 names its specifier `source`; older ASTs had a TSLiteralType `argument`.)
        TSImportType: (node) => checkSource(node, node.source ?? (node.argument?.type === 'TSLiteralType' ? node.argument.literal : node.argument)),
        TSExternalModuleReference: (node) => checkSource(node, node.expression),
        CallExpression: (node) => {
          if (node.callee.type === 'Identifier' && node.callee.name === 'require' && node.arguments.length === 1) checkSource(node, node.arguments[0]);
        },
      };
    },
  };
}

export default {
  meta: { name: 'agentflow-boundaries' },
  rules: {
    'no-cross-remote': restrictedImportsRule('A remote never imports another remote, and the shell never imports a remote\'s source: they meet only through Module Federation at run time.'),
    'browser-imports': restrictedImportsRule('Browser code imports no Node built-in, no Admin SDK, and not the server or ledger parts of shared.'),
    'pure-domain': restrictedImportsRule('The domain core is pure TypeScript: no React, no Firebase, no Express.'),
    'no-test-fakes': restrictedImportsRule('Production code never imports the test kit, a fake server or a test file.'),
  },
};
