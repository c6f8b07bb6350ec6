/**
 * Import rules that keep Parley's layers apart (README, "Layout"). Run by test/architecture/layers.test.ts
 * from `npm test`, and by hand with `npx depcruise src web --config .dependency-cruiser.cjs`.
 * Type-only imports count: a type cycle is as hard to untangle as a run-time one.
 */
/** The blocks' barrel and the catalogue it re-exports (see no-runtime-cycles-through-the-block-barrel). */
const BLOCK_BARREL = "^src/schemas/blocks/(index\\.ts$|catalogue/)";

module.exports = {
  forbidden: [
    {
      name: "engine-is-pure",
      comment: "The engine reaches the outside only through src/engine/ports.ts: it imports schemas, errors and itself.",
      severity: "error",
      from: { path: "^src/engine/" },
      to: { path: "^src/", pathNot: "^src/(engine/|schemas/|errors\\.ts$)" },
    },
    {
      name: "engine-has-no-io",
      comment: "No Node built-ins in the engine (fs, net, crypto, worker_threads…): I/O goes through the ports.",
      severity: "error",
      from: { path: "^src/engine/" },
      to: { dependencyTypes: ["core"] },
    },
    {
      name: "store-below-services",
      comment: "Repositories are called by services; they never call back up.",
      severity: "error",
      from: { path: "^src/store/" },
      to: { path: "^src/(services|http)/" },
    },
    {
      name: "services-below-http",
      comment: "Use cases know nothing of Fastify or routes.",
      severity: "error",
      from: { path: "^src/services/" },
      to: { path: "^src/http/" },
    },
    {
      name: "integrations-are-adapters",
      comment: "Adapters to the outside (and the sandbox) are used by services; use cases belong in src/services.",
      severity: "error",
      from: { path: "^src/(integrations|sandbox)/" },
      to: { path: "^src/(http|services)/" },
    },
    {
      name: "http-through-services",
      comment: "Routes call use cases, never repositories (types excepted: a route may name what a service returns).",
      severity: "error",
      from: { path: "^src/http/" },
      to: { path: "^src/store/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "web-uses-schemas-only",
      comment: "The chat client and the builder share only the zod schemas (and the block catalogue in them) with the server.",
      severity: "error",
      from: { path: "^web/" },
      to: { path: "^src/", pathNot: "^src/schemas/" },
    },
    {
      name: "no-cycles",
      comment: "Modules that import each other, at run time or for types, cannot be understood or moved alone.",
      severity: "error",
      from: { pathNot: BLOCK_BARREL },
      to: { circular: true },
    },
    {
      name: "no-runtime-cycles-through-the-block-barrel",
      comment:
        "Known debt: the block catalogue imports its kind types from src/schemas/blocks/index.ts, which re-exports " +
        "the catalogue (a cycle of types only). Run-time cycles through them are still refused.",
      severity: "error",
      from: { path: BLOCK_BARREL },
      to: { circular: true, viaOnly: { dependencyTypesNot: ["type-only"] } },
    },
    {
      name: "no-unresolvable",
      comment: "An import that does not resolve is a typo the rules above would silently skip.",
      severity: "error",
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|dist)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      extensions: [".ts", ".tsx", ".mts", ".js", ".mjs", ".json"],
      conditionNames: ["import", "require", "node", "default", "types"],
      // Packages' subpath exports, as Node resolves them (chrono-node/en is a pattern, "./*").
      exportsFields: ["exports"],
    },
  },
};
