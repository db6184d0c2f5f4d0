/**
 * The boundaries of DESIGN.md's layout, checked by `npm run lint:boundaries` (part of `npm test`):
 * layers point down (platform ← core ← modules), a server module is entered only through its
 * index.ts, a web feature only through its index.ts, and the web app never reaches the server.
 *
 * Every exception is in this file, with its reason, and nowhere else.
 */
const server = '^apps/server/src/';
const web = '^apps/web/src/';
const isTest = '\\.(int\\.)?test\\.tsx?$|\\.test-(factories|support)\\.ts$|^apps/server/src/test/';

module.exports = {
  forbidden: [
    {
      name: 'platform-imports-up',
      comment: 'platform/ holds mechanisms that know no domain: it may not import core/ or modules/.',
      severity: 'error',
      from: { path: `${server}platform/` },
      to: { path: `${server}(core|modules)/` },
    },
    {
      name: 'core-imports-modules',
      comment: 'core/ (identity and tenancy) is below every module: it may import platform/ only.',
      severity: 'error',
      from: { path: `${server}core/` },
      to: { path: `${server}modules/` },
    },
    {
      name: 'module-internals',
      comment:
        "A module reaches another only through that module's index.ts. Exception: a table may import " +
        "another module's table file for a foreign key (importing the module's index.ts from a table " +
        'would load its routes and services into the schema, and cycle).',
      severity: 'error',
      from: { path: `${server}modules/([^/]+)/`, pathNot: [isTest, '\\.table\\.ts$'] },
      to: {
        path: `${server}modules/([^/]+)/`,
        pathNot: [`${server}modules/$1/`, `${server}modules/[^/]+/index\\.ts$`],
      },
    },
    {
      name: 'module-internals-from-table',
      comment: 'A table file may import only the table files of other modules (foreign keys).',
      severity: 'error',
      from: { path: `${server}modules/([^/]+)/[^/]+\\.table\\.ts$` },
      to: { path: `${server}modules/([^/]+)/`, pathNot: [`${server}modules/$1/`, '\\.table\\.ts$'] },
    },
    {
      name: 'web-imports-server',
      comment: 'The web app speaks to the server through packages/contracts and HTTP only.',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: '^apps/server/' },
    },
    {
      name: 'feature-internals',
      comment: "A web feature uses another feature only through that feature's index.ts.",
      severity: 'error',
      from: { path: `${web}features/([^/]+)/` },
      to: {
        path: `${web}features/([^/]+)/`,
        pathNot: [`${web}features/$1/`, `${web}features/[^/]+/index\\.tsx?$`],
      },
    },
    {
      name: 'surface-imports-feature-internals',
      comment:
        "Surfaces use a feature through its index.ts; a route table may load a feature's screen (*Page.tsx) with import(), so each screen is a chunk of its own.",
      severity: 'error',
      from: { path: `${web}surfaces/` },
      to: {
        path: `${web}features/[^/]+/`,
        pathNot: [`${web}features/[^/]+/index\\.tsx?$`, `${web}features/[^/]+/[A-Za-z]+Page\\.tsx$`],
      },
    },
    {
      name: 'screen-imported-statically',
      comment:
        "A feature's screen is loaded by its route with import(); a static import would pull it into the surface's chunk.",
      severity: 'error',
      from: { path: `${web}surfaces/` },
      to: { path: `${web}features/[^/]+/[A-Za-z]+Page\\.tsx$`, dynamic: false },
    },
    {
      name: 'feature-imports-surface',
      comment: 'Surfaces compose features; a feature never imports a surface.',
      severity: 'error',
      from: { path: `${web}features/` },
      to: { path: `${web}surfaces/` },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: 'node_modules|/dist/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
  },
};
