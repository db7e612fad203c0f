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
 * The web console has the same shape: apps/web/src/app/ (entry, providers, router, the screen
 * registry assembled from each feature's `*Screens.ts`) composes features/ and layouts/; layouts
 * get feature widgets through the app's shell slots; platform/ knows neither.
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
        'Lazy imports count: a lazily loaded screen that imports its loader back is a circle too.',
      from: { path: '^(apps/server|apps/simulator|apps/web|packages/contracts)/' },
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
      name: 'web-platform-knows-no-feature',
      severity: 'error',
      comment:
        'The console platform (http, list machinery, router mechanics, widgets) is below features, ' +
        'layouts and the app composition: it imports none of them. The app hands in what it needs ' +
        '(the shell preloader, for one).',
      from: { path: '^apps/web/src/platform/' },
      to: { path: '^apps/web/src/(features|layouts|app)/' },
    },
    {
      name: 'web-layouts-know-no-feature',
      severity: 'error',
      comment:
        'Layouts get feature widgets (notice bell, user menu entries) through the shell slots the app ' +
        'composition provides (layouts/shellSlots.ts), never by import.',
      from: { path: '^apps/web/src/layouts/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'web-features-know-no-app',
      severity: 'error',
      comment:
        'The app composition assembles the features (their `*Screens.ts` into the screen registry); ' +
        'a feature never imports it back.',
      from: { path: '^apps/web/src/features/' },
      to: { path: '^apps/web/src/app/' },
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
