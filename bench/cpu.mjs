// CPU time of the processes under test, read from /proc (Linux): utime + stime of a whole process (all
// its threads), of its main thread alone, and of PostgreSQL's processes that serve the benchmark.
// CPU time per request is the benchmark's steady figure: on a shared machine throughput moves with
// the neighbours' load, the work a request costs much less.
import fs from "node:fs";
import pg from "pg";

const ticksPerSecond = 100; // getconf CLK_TCK on Linux

/** utime + stime in seconds of a process (`/proc/<pid>/stat`) or of one thread (`/proc/<pid>/task/<tid>/stat`). */
export function cpuSeconds(statPath) {
  try {
    const stat = fs.readFileSync(statPath, "utf8");
    // The command name (field 2) may hold spaces; the fields after its closing parenthesis are fixed.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
  } catch {
    return undefined; // the process has gone
  }
}

/**
 * PostgreSQL's processes that work for the benchmark: the backends of connections named
 * `applicationName` and the server's background processes (WAL writer, checkpointer, background
 * writer), which write what those backends commit. Other clients' backends are left out.
 */
async function postgresPids({ url, applicationName }) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select pid from pg_stat_activity where application_name = $1 or backend_type <> 'client backend'`,
      [applicationName],
    );
    return rows.map((row) => row.pid);
  } finally {
    await client.end();
  }
}

const sum = (values) => values.reduce((total, value) => total + (value ?? 0), 0);

/** @param {{ pids?: number[], postgres?: { url: string, applicationName: string } }} options */
export async function cpuSnapshot(options) {
  const pids = options.pids ?? [];
  const postgres = new Map();
  if (options.postgres)
    for (const pid of await postgresPids(options.postgres)) postgres.set(pid, cpuSeconds(`/proc/${pid}/stat`));
  return {
    at: process.hrtime.bigint(),
    server: sum(pids.map((pid) => cpuSeconds(`/proc/${pid}/stat`))),
    serverMainThread: sum(pids.map((pid) => cpuSeconds(`/proc/${pid}/task/${pid}/stat`))),
    postgres,
    self: process.cpuUsage(),
  };
}

/** CPU seconds spent since `start`, by role. A PostgreSQL backend born in the window counts whole. */
export async function cpuSpent(options, start) {
  const end = await cpuSnapshot(options);
  let postgres;
  if (options.postgres) {
    postgres = 0;
    for (const [pid, seconds] of end.postgres) postgres += (seconds ?? 0) - (start.postgres.get(pid) ?? 0);
  }
  const self = process.cpuUsage(start.self);
  return {
    windowMs: Number(end.at - start.at) / 1e6,
    server: options.pids?.length ? end.server - start.server : undefined,
    serverMainThread: options.pids?.length ? end.serverMainThread - start.serverMainThread : undefined,
    postgres,
    loadGenerator: (self.user + self.system) / 1e6,
  };
}
