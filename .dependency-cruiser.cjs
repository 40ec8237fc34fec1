// The floors of docs/architecture.md, checked by `npm run deps` (part of `npm test`): code imports only
// from its own floor or below, never in a circle.
//   app: app → shell → screens → components → lib → abi
//   server: main → http → metrics → jobs → domains (in ranks) → db
//   console: console/ → lib (lib/console-api)
//   tooling: scripts, e2e, bench, reliability, server/test → stack → lib, abi
// The tooling folders are entry points side by side: each imports what it shares from stack/, never from another.
const APP_SIDE = '^(app|shell|screens|components)/';
const TOOLING = '^(scripts|e2e|bench|reliability)/';
const forbidUp = (name, from, to, comment) => ({ name, severity: 'error', comment, from: { path: from }, to: { path: to } });

// The server's domains, lowest rank first (docs/architecture.md): a domain imports only domains of a lower rank,
// never one of its own rank or above; server/db/ and the files at server/ (clock, config, errors, …) are below them
// all, main.ts above them all.
const SERVER_RANKS = [
  ['settings'],
  ['users', 'content'],
  ['ledger', 'mail', 'email', 'rewards'],
  ['staking', 'auth'],
  ['community', 'operators'],
  ['chain', 'views', 'reminders'],
  ['admin', 'alerts'],
  ['jobs'],
  ['metrics'],
  ['http'],
];
const domainOrder = SERVER_RANKS.flatMap((rank, r) =>
  rank.map((domain) => {
    const notBelow = SERVER_RANKS.slice(r)
      .flat()
      .filter((d) => d !== domain);
    return forbidUp(
      `server-order-${domain}`,
      `^server/${domain}/`,
      `^server/(${notBelow.join('|')})/|^server/main\\.ts$`,
      `${domain}/ imports only the domains ranked below it (${SERVER_RANKS.slice(0, r).flat().join(', ') || 'none'}).`,
    );
  }),
);
module.exports = {
  forbidden: [
    { name: 'no-circular', severity: 'error', comment: 'An import circle makes load order and ownership unclear.', from: {}, to: { circular: true } },
    forbidUp('shell-up', '^shell/', '^app/', 'The shell is mounted by app/, never the other way round.'),
    forbidUp('screens-up', '^screens/', '^(app|shell)/', 'Screens live inside the shell; they do not reach up into it.'),
    forbidUp('components-up', '^components/', '^(app|shell|screens)/', 'Building blocks do not know the screens or the shell that use them.'),
    forbidUp('lib-up', '^lib/', '^(app|i18n|shell|screens|components|server|stack|scripts|e2e|bench|reliability|console)/', 'lib/ is pure, shared logic.'),
    forbidUp(
      'abi-up',
      '^abi/',
      '^(app|shell|screens|components|lib|server)/',
      'abi/ (the generated ABIs, the local addresses) depends on the contracts alone.',
    ),
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
    forbidUp('server-test-apart', '^(scripts|e2e|bench|stack)/', '^server/test/', "The server suite's helpers are its own; only reliability/ reuses them."),
    forbidUp(
      'stack-up',
      '^stack/',
      `${APP_SIDE}|^(server|scripts|e2e|bench|reliability)/`,
      'stack/ is the local stack every harness shares: it knows none of them, nor the server it starts as a process.',
    ),
    {
      name: 'stack-only-below',
      severity: 'error',
      comment: "stack/ takes only lib/, abi/ and the Chromium settings of playwright.config.ts (besides packages and Node's own modules).",
      from: { path: '^stack/' },
      to: { path: '^(?!(stack|lib|abi|node_modules)/|playwright\\.config\\.ts$)', dependencyTypesNot: ['core'] },
    },
    forbidUp('product-not-stack', `${APP_SIDE}|^(lib|abi)/|^server/(?!test/)`, '^stack/', 'The product does not depend on the local test stack.'),
    ...domainOrder,
    forbidUp(
      'server-base-up',
      '^server/(?!main\\.ts$)[^/]+\\.ts$',
      '^server/(?!messages/)[^/]+/(?!.*\\.test\\.ts$)|^server/main\\.ts$',
      'The files at server/ (clock, config, confirmations, errors, i18n with its texts in server/messages/, images, log, paging) sit below every domain.',
    ),
    {
      name: 'tables-owned',
      severity: 'error',
      comment:
        "A domain's tables (server/<d>/tables.ts) are its own: others call its functions or join its published relations (server/users/relations.ts). Raw SQL names tables through these imports, so this covers SQL too. server/views/ (read models above the domains) and server/test/ read any; a tables.ts references another's for a foreign key.",
      from: { path: '^server/([^/]+)/', pathNot: ['^server/(test|views)/', '^server/[^/]+/tables\\.ts$'] },
      to: { path: '^server/[^/]+/tables\\.ts$', pathNot: '^server/$1/' },
    },
    // The operator's console (console/): a static app of its own, served by the admin app. It takes lib/
    // helpers and the console API's contract, never the server, the members' app or the tooling; nothing imports it.
    forbidUp(
      'console-apart',
      '^console/',
      `${APP_SIDE}|^(server|stack|scripts|e2e|bench|reliability|abi)/`,
      "The console talks to the server over HTTP only and shares nothing with the members' app but lib/.",
    ),
    forbidUp('nothing-imports-console', '^(?!console/)', '^console/', 'The console is an entry point of its own.'),
    {
      name: 'console-no-zod-schemas',
      severity: 'error',
      comment: "The console takes the console API's input types, not its zod schemas: they stay out of its bundle (its tests may compare).",
      from: { path: '^console/', pathNot: '\\.test\\.ts$' },
      to: { path: '^lib/(console-api/inputs|api/(inputs|fields))\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    // server/http/ serves three surfaces, each its own sub-app with its own caller and error envelope; none borrows
    // another's pipeline (the console takes the shared `Deps` type from route.ts, nothing else of the member API).
    {
      name: 'http-member-apart',
      severity: 'error',
      comment: "The member API's pipeline and routes know nothing of the console's or the admin app's.",
      from: { path: '^server/http/(member-api|route|envelope|reply|cors|body-limit|rate-limits|routes-(?!admin|console)[a-z]+)\\.ts$' },
      to: { path: '^server/http/(console/|console-|routes-(admin|console)\\.ts$|admin-pipeline\\.ts$)' },
    },
    {
      name: 'http-console-apart',
      severity: 'error',
      comment: "The console's sub-app answers in its own envelope: it takes only the Deps type from the member API's route.ts.",
      from: { path: '^server/http/(console/|routes-console\\.ts$)' },
      to: {
        path: '^server/http/(member-api|envelope|reply|cors|body-limit|rate-limits|admin-pipeline|routes-(?!console)[a-z]+)\\.ts$|^server/http/route\\.ts$',
        dependencyTypesNot: ['type-only'],
      },
    },
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
