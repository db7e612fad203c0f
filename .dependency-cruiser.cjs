/**
 * Import rules (ARCHITECTURE §2, CONVENTIONS §10): modules depend one way, in layers.
 *
 *   app composition (apps/server/src/app.ts, modules/index.ts, demo/)   wires, owns nothing
 *     ▼
 *   domain modules (apps/server/src/modules/<domain>/)                  one domain each
 *     ▼
 *   platform (apps/server/src/platform/)                                knows no domain
 *     ▼
 *   contracts (packages/contracts)                                      knows no app
 *
 * Run with `npm run lint:deps` (part of `npm run lint`). `node scripts/module-graph.mjs` prints
 * the module graph's figures (module pairs, mutual pairs, circles per package).
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'An import circle makes load order matter and every file in it depends on every other. ' +
        'Server, contracts and simulator are free of them. The web app is not checked yet: it still ' +
        'has three (layouts/BasicLayout → MultiTabs → platform/router/router → BasicLayout, the same ' +
        'through features/auth/LoginPage → preloadShell, and features/monitor/BrokerQueue ↔ ' +
        'MonitorCards); add ^apps/web/ here once its app-level composition root removes them.',
      from: { path: '^(apps/server|apps/simulator|packages/contracts)/' },
      to: { circular: true },
    },
    {
      name: 'platform-knows-no-module',
      severity: 'error',
      comment:
        'Platform code is below the domain modules: it imports no module and no composition. ' +
        'Its integration tests and their fixtures may boot the app.',
      from: { path: '^apps/server/src/platform/', pathNot: '[.](test|fixtures?)[.]ts$' },
      to: { path: '^apps/server/src/(modules|demo)/|^apps/server/src/app[.]ts$' },
    },
    // modules-depend-one-way (no two server modules import each other, directly or round a loop)
    // is a rule on the module graph, which file-level rules cannot express: scripts/module-graph.mjs
    // checks it from the same cruise.
    {
      name: 'demo-only-from-composition',
      severity: 'error',
      comment: 'Demo seeding is a composition of its own: only the app composition starts it.',
      from: {
        path: '^apps/server/src/',
        pathNot: '^apps/server/src/(demo/|app[.]ts$|main[.]ts$|cli/)|[.]test[.]ts$|^apps/server/test/',
      },
      to: { path: '^apps/server/src/demo/' },
    },
    {
      name: 'contracts-know-no-app',
      severity: 'error',
      comment: 'Contracts are shared by every app and import none of them.',
      from: { path: '^packages/contracts/' },
      to: { path: '^apps/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: 'node_modules|/dist/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
