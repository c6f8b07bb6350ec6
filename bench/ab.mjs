// Two builds of the server compared on one scenario, with the bare route between them: rounds of
// A, B, bare, each a separate load run, and the median of each one's server CPU per request. Builds
// run side by side on fresh embedded databases, so a change is judged against the code before it
// under the same neighbours' load.
//   [DATABASE_URL=postgres://…] node bench/ab.mjs <a/cli/main.js> <b/cli/main.js> [rounds=5] [seconds=4] [scenario=turns]
// e.g. cp -a dist node_modules/.cache/before/ ; (change, build) ; node bench/ab.mjs node_modules/.cache/before/dist/cli/main.js dist/cli/main.js
import { freshPostgresSchema, runLoad, startBenchServer, startCeiling } from "./bench-server.mjs";

const [mainA, mainB, rounds = "5", seconds = "4", scenario = "turns"] = process.argv.slice(2);
// With DATABASE_URL, each build runs on a schema of its own there, and PostgreSQL's CPU for each is reported.
async function parley(main, side) {
  const base = process.env.DATABASE_URL;
  const applicationName = `parley-ab-${side}-${process.pid}`;
  const schema = base ? await freshPostgresSchema(base, applicationName) : undefined;
  const server = await startBenchServer({ main, env: schema ? { DATABASE_URL: schema.url } : {} });
  const postgres = base ? { postgres: { url: base, applicationName } } : {};
  return {
    options: { ...server.target, cpu: { pids: [server.child.pid], ...postgres } },
    stop: async () => {
      await server.stop();
      await schema?.drop();
    },
  };
}

const load = (options) =>
  runLoad({ durationMs: Number(seconds) * 1000, warmupMs: 1000, connections: 64, scenario, ...options });

const ceiling = await startCeiling();
const bare = { baseUrl: ceiling.baseUrl, scenario: "ceiling", cpu: { pids: [ceiling.child.pid] } };
const a = await parley(mainA, "a");
const b = await parley(mainB, "b");
const figures = { a: [], b: [], bare: [] };
try {
  // Warm both (JIT, caches, a database with some sessions in it).
  await load({ ...a.options, scenario: "conversations", durationMs: 3000, warmupMs: 0 });
  await load({ ...b.options, scenario: "conversations", durationMs: 3000, warmupMs: 0 });
  for (let round = 0; round < Number(rounds); round++) {
    for (const [name, options] of round % 2
      ? [
          ["b", b.options],
          ["a", a.options],
          ["bare", bare],
        ]
      : [
          ["a", a.options],
          ["b", b.options],
          ["bare", bare],
        ]) {
      const result = await load(options);
      if (result.errors) throw new Error(`${name}: ${result.errors} errors (${result.firstError})`);
      figures[name].push(result);
    }
    console.log(
      `round ${round + 1}: ` +
        Object.entries(figures)
          .map(
            ([name, list]) =>
              `${name} ${list.at(-1).rps}/s ${list.at(-1).cpuMsPerRequest.server} ms (main thread ${list.at(-1).cpuMsPerRequest.serverMainThread}${list.at(-1).cpuMsPerRequest.postgres === undefined ? "" : `, PostgreSQL ${list.at(-1).cpuMsPerRequest.postgres}`})`,
          )
          .join(", "),
    );
  }
} finally {
  await a.stop();
  await b.stop();
  ceiling.stop();
}
const median = (list) => list.slice().sort((x, y) => x - y)[Math.floor(list.length / 2)];
const summary = Object.fromEntries(
  Object.entries(figures).map(([name, list]) => [
    name,
    {
      cpuMs: median(list.map((r) => r.cpuMsPerRequest.server)),
      mainThreadMs: median(list.map((r) => r.cpuMsPerRequest.serverMainThread)),
      rps: median(list.map((r) => r.rps)),
      ...(list[0]?.cpuMsPerRequest.postgres === undefined
        ? {}
        : { postgresMs: median(list.map((r) => r.cpuMsPerRequest.postgres)) }),
    },
  ]),
);
// Each round's B against its own A: the neighbours' load moves both alike within a round.
summary.pairedRatio = median(figures.b.map((r, i) => r.cpuMsPerRequest.server / figures.a[i].cpuMsPerRequest.server));
console.log(JSON.stringify(summary));
console.log(
  `${scenario}: A ${summary.a.cpuMs} ms (${(summary.a.cpuMs / summary.bare.cpuMs).toFixed(2)}× bare), B ${summary.b.cpuMs} ms (${(summary.b.cpuMs / summary.bare.cpuMs).toFixed(2)}× bare), B/A ${(summary.b.cpuMs / summary.a.cpuMs).toFixed(3)} (median of the rounds' own B/A ${summary.pairedRatio.toFixed(3)}); bare ${summary.bare.cpuMs} ms`,
);
