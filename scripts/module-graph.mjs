#!/usr/bin/env node
/**
 * The import-rule check and the module graph's figures, from one dependency-cruiser run.
 *
 *   node scripts/module-graph.mjs           print the figures
 *   node scripts/module-graph.mjs --check   also fail on any rule of .dependency-cruiser.cjs and on
 *                                           server modules that import each other (directly or
 *                                           round a loop), which file-level rules cannot see
 *
 * Figures: server module→module pairs (production files: tests may reach across modules), the
 * imports behind them, mutual pairs, module loops; file-level import circles per package.
 */
import { createRequire } from 'node:module';
import { cruise, format } from 'dependency-cruiser';

const require = createRequire(import.meta.url);
const ruleSet = require('../.dependency-cruiser.cjs');
const check = process.argv.includes('--check');

const roots = [
  'apps/server/src',
  'apps/server/test',
  'apps/server/bench',
  'packages/contracts/src',
  'apps/simulator/src',
  'apps/web/src',
];
const packages = {
  server: /^apps\/server\//,
  contracts: /^packages\/contracts\//,
  simulator: /^apps\/simulator\//,
  web: /^apps\/web\//,
};
const moduleOf = (path) => /^apps\/server\/src\/modules\/([^/]+)\//.exec(path)?.[1];
const isTest = (path) => /[.]test[.]ts$|^apps\/server\/test\//.test(path);

const result = await cruise(roots, { ...ruleSet.options, validate: true, ruleSet, outputType: 'json' });
const graph = JSON.parse(result.output);

/** Strongly connected components of size > 1 (Tarjan), as lists of nodes. */
function loops(nodes, edgesOf) {
  let index = 0;
  const stack = [];
  const state = new Map();
  const found = [];
  const visit = (node) => {
    state.set(node, { index, low: index, onStack: true });
    index += 1;
    stack.push(node);
    for (const next of edgesOf(node)) {
      if (!state.has(next)) {
        visit(next);
        state.get(node).low = Math.min(state.get(node).low, state.get(next).low);
      } else if (state.get(next).onStack) {
        state.get(node).low = Math.min(state.get(node).low, state.get(next).index);
      }
    }
    if (state.get(node).low === state.get(node).index) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        state.get(member).onStack = false;
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of nodes) if (!state.has(node)) visit(node);
  return found;
}

const fileEdges = new Map();
for (const mod of graph.modules) {
  fileEdges.set(
    mod.source,
    mod.dependencies.filter((d) => !d.coreModule && !d.couldNotResolve).map((d) => d.resolved),
  );
}

// Server module graph.
const pairImports = new Map();
for (const [source, targets] of fileEdges) {
  const from = moduleOf(source);
  if (!from || isTest(source)) continue;
  for (const target of targets) {
    const to = moduleOf(target);
    if (!to || to === from) continue;
    const key = `${from} → ${to}`;
    pairImports.set(key, [...(pairImports.get(key) ?? []), `${source} → ${target}`]);
  }
}
const pairs = [...pairImports.keys()].sort();
const mutual = pairs.filter(
  (p) => p.split(' → ')[0] < p.split(' → ')[1] && pairImports.has(p.split(' → ').reverse().join(' → ')),
);
const moduleNames = [...new Set(pairs.flatMap((p) => p.split(' → ')))];
const moduleLoops = loops(moduleNames, (m) =>
  pairs.filter((p) => p.startsWith(`${m} → `)).map((p) => p.split(' → ')[1]),
);

console.log(
  `server: ${pairs.length} module→module pairs over ${[...pairImports.values()].flat().length} imports; ` +
    `${mutual.length} mutual pairs; ${moduleLoops.length} module loop(s)`,
);
for (const pair of mutual) console.log(`  mutual: ${pair.replace(' → ', ' ↔ ')}`);
for (const loop of moduleLoops) console.log(`  loop: ${loop.join(', ')}`);

// File-level circles per package.
for (const [name, pattern] of Object.entries(packages)) {
  const files = [...fileEdges.keys()].filter((f) => pattern.test(f));
  const circles = loops(files, (f) => (fileEdges.get(f) ?? []).filter((t) => pattern.test(t)));
  console.log(`${name}: ${circles.length} import circle(s) over ${circles.flat().length} files`);
  for (const circle of circles) console.log(`  circle: ${circle.join(', ')}`);
}

if (check) {
  const report = await format(graph, { outputType: 'err' });
  if (report.exitCode > 0 || moduleLoops.length > 0) {
    process.stdout.write(report.output);
    for (const loop of moduleLoops) {
      console.log(`  error modules-depend-one-way: server modules ${loop.join(', ')} import each other:`);
      for (const [pair, imports] of pairImports) {
        const [from, to] = pair.split(' → ');
        if (loop.includes(from) && loop.includes(to))
          console.log(`    ${imports[0]}${imports.length > 1 ? ` (+${imports.length - 1})` : ''}`);
      }
    }
    process.exit(1);
  }
  console.log('import rules: no violations');
}
