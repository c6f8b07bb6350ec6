import { afterAll, beforeAll, vi } from "vitest";
import { startServerProcess, type ServerProcess } from "./server-process.js";
import { createTestDatabase } from "./test-database.js";

/** The two ways instances hear of each other's changes, for `describe.each` (`prefix` keeps Redis keys apart). */
export const signalTransports = (prefix: string) => [
  { transport: "PostgreSQL LISTEN/NOTIFY", extra: {} as Record<string, string> },
  {
    transport: "Redis pub/sub",
    extra: { REDIS_URL: "redis://127.0.0.1:6379", PARLEY_REDIS_PREFIX: `${prefix}-${process.pid}-` },
  },
];

/**
 * Two Parley processes on one fresh PostgreSQL schema, started before the describe's tests and stopped
 * after them; `token` is the first start's API token, `databaseUrl` the schema's address. Redis only when `extra` names it.
 */
export function useTwoInstances(extra: Record<string, string>): {
  readonly first: ServerProcess;
  readonly second: ServerProcess;
  readonly token: string;
  readonly databaseUrl: string;
} {
  const instances = {} as { first: ServerProcess; second: ServerProcess; token: string; databaseUrl: string };
  let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
    instances.databaseUrl = database.databaseUrl!;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: database.databaseUrl,
      PARLEY_DATA_DIR: database.dataDir,
      ...extra,
    };
    if (!("REDIS_URL" in extra)) delete env.REDIS_URL;
    instances.first = await startServerProcess(env);
    // Printed just after the address the start waits for: read once it is there.
    instances.token = await vi.waitFor(
      () => {
        const token = /^ {2}(pat_\S+)$/m.exec(instances.first.output())?.[1];
        if (!token) throw new Error("The first instance printed no API token");
        return token;
      },
      { timeout: 10_000, interval: 50 },
    );
    instances.second = await startServerProcess(env);
  }, 240_000);
  afterAll(async () => {
    await Promise.all([instances.first?.stop(), instances.second?.stop()]);
    await database?.drop();
  });
  return instances;
}
