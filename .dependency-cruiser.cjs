// The floors of docs/architecture.md, checked by `npm run deps` (part of `npm test`): code imports only
// from its own floor or below, never in a circle.
//   app: app → shell → screens → components → lib → abi
//   server: http → domains → db
//   tooling: scripts, e2e, bench, reliability, server/test → stack → lib, abi
// The tooling folders are entry points side by side: each imports what it shares from stack/, never from another.
const APP_SIDE = '^(app|shell|screens|components)/';
const TOOLING = '^(scripts|e2e|bench|reliability)/';
const forbidUp = (name, from, to, comment) => ({ name, severity: 'error', comment, from: { path: from }, to: { path: to } });

module.exports = {
  forbidden: [
    { name: 'no-circular', severity: 'error', comment: 'An import circle makes load order and ownership unclear.', from: {}, to: { circular: true } },
    forbidUp('shell-up', '^shell/', '^app/', 'The shell is mounted by app/, never the other way round.'),
    forbidUp('screens-up', '^screens/', '^(app|shell)/', 'Screens live inside the shell; they do not reach up into it.'),
    forbidUp('components-up', '^components/', '^(app|shell|screens)/', 'Building blocks do not know the screens or the shell that use them.'),
    forbidUp('lib-up', '^lib/', '^(app|shell|screens|components|server|scripts|e2e|bench)/', 'lib/ is pure, shared logic.'),
    forbidUp('abi-up', '^abi/', '^(app|shell|screens|components|lib|server)/', 'abi/ is generated from the contracts alone.'),
    forbidUp('app-not-server', APP_SIDE, '^server/', 'The app talks to the server over HTTP only.'),
    {
      name: 'app-no-zod-schemas',
      severity: 'error',
      comment: "The app takes the API's input types, not its zod schemas: they stay out of the bundle.",
      from: { path: `${APP_SIDE}|^lib/(?!api/(inputs|fields)\\.ts$)` },
      to: { path: '^lib/api/(inputs|fields)\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    forbidUp('db-up', '^server/db/', '^server/(?!db/)', 'The database layer knows no domain or route.'),
    forbidUp('domain-up', '^server/(?!http/|db/|test/|main\\.ts$)', '^server/(http/|main\\.ts$)', 'Domains know nothing of HTTP.'),
    {
      name: 'tooling-apart',
      severity: 'error',
      comment: 'scripts/, e2e/, bench/ and reliability/ share their helpers through stack/, never by importing each other.',
      from: { path: '^([^/]+)/' },
      to: { path: TOOLING, pathNot: '^$1/' },
    },
    forbidUp('stack-up', '^stack/', `${APP_SIDE}|^(server|scripts|e2e|bench|reliability)/`, 'stack/ is the local stack every harness shares: it knows none of them, nor the server it starts as a process.'),
    forbidUp('product-not-stack', `${APP_SIDE}|^(lib|abi)/|^server/(?!test/)`, '^stack/', 'The product does not depend on the local test stack.'),
    forbidUp('server-not-browser-env', '^server/', '^lib/env\\.ts$', "The server has its own config (server/config.ts), not the browser's environment."),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|out|\\.next|\\.run|\\.data|contracts)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
  },
};
