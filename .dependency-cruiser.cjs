// Layer rules of docs/design.md §1, checked inside `npm test`: dependencies point inwards only.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'domain-is-pure',
      comment: 'src/domain imports only src/domain (and valibot for schemas): no framework, no node: modules, no outer layer.',
      severity: 'error',
      from: { path: '^src/domain/' },
      to: {
        pathNot: ['^src/domain/', '^node_modules/valibot/'],
      },
    },
    {
      name: 'application-has-no-adapters',
      comment: 'src/application sees the domain and its own ports, never an adapter, the HTTP interface or the configuration reader.',
      severity: 'error',
      from: { path: '^src/application/' },
      to: { path: ['^src/infrastructure/', '^src/interfaces/', '^src/config/', '^src/container\\.ts$', '^src/main\\.ts$'] },
    },
    {
      name: 'application-no-frameworks',
      comment: 'Use cases stay free of the web framework, the Redis client, the HTTP client and the HTML parser.',
      severity: 'error',
      from: { path: '^src/application/' },
      to: { path: '^node_modules/(koa|@koa|koa-body|ioredis|ky|parse5|rate-limiter-flexible|lru-cache|pino|cockatiel)/' },
    },
    {
      name: 'infrastructure-not-interfaces',
      comment: 'Adapters never reach into the HTTP interface.',
      severity: 'error',
      from: { path: '^src/infrastructure/' },
      to: { path: ['^src/interfaces/', '^src/container\\.ts$', '^src/main\\.ts$', '^src/config/'] },
    },
    {
      name: 'interfaces-not-infrastructure',
      comment: 'The HTTP interface reaches adapters only through ports registered by the composition root; of the settings readers it sees only the CORS origins type its middleware takes.',
      severity: 'error',
      from: { path: '^src/interfaces/' },
      to: { path: ['^src/infrastructure/', '^src/container\\.ts$', '^src/main\\.ts$', '^src/config/(?!cors-origins\\.ts$)'] },
    },
    {
      name: 'platforms-only-through-http-port',
      comment: 'Platform adapters reach the network only through the HTTP port, never ky or fetch libraries directly.',
      severity: 'error',
      from: { path: '^src/infrastructure/platforms/' },
      to: { path: ['^node_modules/(ky|undici|node-fetch|axios|got)/', '^src/infrastructure/http/'] },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
    moduleSystems: ['es6', 'cjs'],
  },
};
