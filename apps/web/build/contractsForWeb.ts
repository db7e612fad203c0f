import { parseSync, type Plugin } from 'vite';

interface AstNode {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

/** Schema properties of a route definition: used by the server, never read by the console. */
const SCHEMA_KEYS = new Set(['params', 'query', 'body', 'result']);
const PURE = '/* @__PURE__ */ ';

function isNode(value: unknown): value is AstNode {
  return typeof value === 'object' && value !== null && typeof (value as AstNode).type === 'string';
}

function walk(node: unknown, visit: (n: AstNode) => void): void {
  if (Array.isArray(node)) {
    for (const child of node) walk(child, visit);
    return;
  }
  if (!isNode(node)) return;
  visit(node);
  for (const [key, child] of Object.entries(node)) {
    if (key !== 'type' && typeof child === 'object') walk(child, visit);
  }
}

/** Calls of an initializer evaluated when the module loads (not those inside functions it defines). */
function loadTimeCalls(init: AstNode, out: AstNode[]): void {
  walkUntil(init, (node) => {
    if (node.type === 'ArrowFunctionExpression' || node.type === 'FunctionExpression') return false;
    if (node.type === 'CallExpression' || node.type === 'NewExpression') out.push(node);
    return true;
  });
}

/** Like `walk`, but does not descend below a node for which `visit` returns false. */
function walkUntil(node: unknown, visit: (n: AstNode) => boolean): void {
  if (Array.isArray(node)) {
    for (const child of node) walkUntil(child, visit);
    return;
  }
  if (!isNode(node) || !visit(node)) return;
  for (const [key, child] of Object.entries(node)) {
    if (key !== 'type' && typeof child === 'object') walkUntil(child, visit);
  }
}

/**
 * Every call made while a top-level `const` is initialised: the initializer itself when it is a
 * call, and calls nested in object and array literals (`{ lat: LatitudeSchema.optional() }`),
 * which would otherwise keep zod in every bundle that loads the module.
 */
function topLevelInitializers(program: AstNode): AstNode[] {
  const inits: AstNode[] = [];
  for (const statement of program.body as AstNode[]) {
    const declaration =
      statement.type === 'ExportNamedDeclaration' ? (statement.declaration as AstNode | null) : statement;
    if (declaration?.type !== 'VariableDeclaration') continue;
    for (const declarator of declaration.declarations as AstNode[]) {
      const init = declarator.init as AstNode | null;
      if (init) loadTimeCalls(init, inits);
    }
  }
  const starts = new Set<number>();
  return inits.filter((n) => !starts.has(n.start) && starts.add(n.start));
}

function schemaProperties(program: AstNode, code: string): [number, number][] {
  const ranges: [number, number][] = [];
  walk(program, (node) => {
    const callee = node.callee as AstNode | undefined;
    if (node.type !== 'CallExpression' || callee?.type !== 'Identifier' || callee.name !== 'defineRoute') return;
    const [arg] = node.arguments as AstNode[];
    if (arg?.type !== 'ObjectExpression') return;
    for (const prop of arg.properties as AstNode[]) {
      const key = prop.key as AstNode | undefined;
      if (prop.type === 'Property' && key?.type === 'Identifier' && SCHEMA_KEYS.has(key.name as string)) {
        ranges.push([prop.start, code[prop.end] === ',' ? prop.end + 1 : prop.end]);
      }
    }
  });
  return ranges;
}

/**
 * Rewrites one (already transpiled) contracts module for the console's bundle:
 * - calls that initialise top-level `const`s (zod schemas, route definitions, shapes in object
 *   literals) are marked pure, so the bundler drops the ones the console never uses;
 * - `defineRoute({...})` loses `params`/`query`/`body`/`result`: the console uses a route's method
 *   and path at run time and takes every type from the contracts at compile time.
 * Returns null when nothing changes.
 */
export function contractsForWeb(code: string, filename: string): string | null {
  const { program } = parseSync(filename, code);
  const root = program as unknown as AstNode;
  const removed = schemaProperties(root, code);
  const insideRemoved = (at: number): boolean => removed.some(([from, to]) => at >= from && at < to);
  const edits: { at: number; end: number; text: string }[] = [
    ...topLevelInitializers(root)
      .filter((init) => !insideRemoved(init.start))
      .map((init) => ({ at: init.start, end: init.start, text: PURE })),
    ...removed.map(([at, end]) => ({ at, end, text: '' })),
  ];
  if (edits.length === 0) return null;
  let out = code;
  for (const edit of edits.sort((a, b) => b.at - a.at)) out = out.slice(0, edit.at) + edit.text + out.slice(edit.end);
  return out;
}

/**
 * Applies `contractsForWeb` to the contracts package in production builds, so zod and the
 * server-only schemas stay out of the console's bundles. Consequence for web code: never read a
 * route definition's schema properties at run time (import the named schema instead, and prefer
 * the contracts' patterns and message keys in forms).
 */
export function contractsForWebPlugin(contractsDir: string): Plugin {
  return {
    name: 'ztj:contracts-for-web',
    enforce: 'post',
    apply: 'build',
    transform(code, id) {
      if (!id.startsWith(contractsDir)) return null;
      const out = contractsForWeb(code, id.replace(/\.ts$/, '.js'));
      return out === null ? null : { code: out, map: null };
    },
  };
}
