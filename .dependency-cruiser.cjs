// The walls of the house, checked by `npm test` (apps/server/test/walls.test.ts runs the cruiser
// over apps/server/src, apps/shop/src and apps/admin/src) and by hand with
//   npx depcruise --config .dependency-cruiser.cjs apps/server/src apps/shop/src apps/admin/src
//
// Where today's code still breaks a rule, the break is listed in
// .dependency-cruiser-known-violations.json (each one a debt, not a permission, with its reason):
// the test fails on any break that is not listed, and on a listed one that is gone, so the list
// only shrinks. `node scripts/walls-known.mjs` drops the paid ones; it never adds any.

/**
 * Who owns each table file of apps/server/src/db/schema: the server modules (folders of
 * apps/server/src/modules) that may import it. Everyone else asks the owner through a function.
 * A file holding the tables of several small modules names each of them.
 */
const tableOwners = {
  account: ['account', 'message', 'feedback', 'wechat', 'operator'],
  cart: ['cart'],
  catalog: ['catalog'],
  compliance: ['compliance'],
  content: ['content'],
  core: ['settings'],
  kx: ['catalog'],
  open: ['open', 'webhooks'],
  operator: ['operator', 'audit'],
  order: ['order', 'address', 'invoice', 'quick-buy'],
  points: ['points', 'lottery'],
  promotion: ['promotion'],
  'self-service': ['item-request'],
  transfer: ['payment'],
  wallet: ['wallet', 'payment'],
};

const server = '^apps/server/src/';
const notTests = '\\.test\\.ts$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No import circles in the server: a circle makes every file of it load and change together.',
      severity: 'error',
      from: { path: server },
      to: { circular: true },
    },
    ...Object.entries(tableOwners).map(([file, owners]) => ({
      name: 'module-owns-its-tables',
      comment: `db/schema/${file}.ts belongs to modules/${owners.join(', modules/')}: other modules call their functions instead.`,
      severity: 'error',
      from: {
        path: `${server}modules/`,
        pathNot: [`${server}modules/(${owners.join('|')})/`, notTests],
      },
      to: { path: `${server}db/schema/${file}\\.ts$` },
    })),
    {
      name: 'no-schema-barrel-in-modules',
      comment:
        'A module imports the table files it owns (db/schema/<file>), never the barrel that holds every table.',
      severity: 'error',
      from: { path: `${server}modules/`, pathNot: notTests },
      to: { path: `${server}db/schema/index\\.ts$` },
    },
    {
      name: 'no-demo-in-product',
      comment:
        'Demo data (apps/server/demo) is not part of the product: src reaches it only through db/demo-loader.ts, by a dynamic import the bundler leaves out.',
      severity: 'error',
      from: { path: server, pathNot: notTests },
      to: { path: '^apps/server/demo/' },
    },
    {
      name: 'no-back-imports',
      comment:
        'Layers, bottom up: config, db and lib, plugins, modules, app/server/worker/cli. A lower layer never imports a higher one.',
      severity: 'error',
      from: { path: `${server}(config\\.ts|db/|lib/)`, pathNot: notTests },
      to: { path: `${server}(modules/|plugins/|app\\.ts|server\\.ts|worker\\.ts|cli/)` },
    },
    {
      name: 'no-back-imports',
      comment: 'Plugins and modules never import the app, the entry points or the command-line tools.',
      severity: 'error',
      from: { path: `${server}(plugins|modules)/`, pathNot: notTests },
      to: { path: `${server}(app\\.ts|server\\.ts|worker\\.ts|cli/)` },
    },
    {
      name: 'no-cross-feature',
      comment:
        'A shop or console feature imports another feature only through the shared folders (components, lib, layout, app).',
      severity: 'error',
      from: { path: '^apps/(shop|admin)/src/features/([^/]+)/' },
      to: { path: '^apps/$1/src/features/', pathNot: '^apps/$1/src/features/$2/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '/dist/'] },
    // Type-only imports count: they tie files together for the reader and the type checker.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
  },
};
