import fs from "node:fs";
import { loadConfig } from "../../src/config.js";
import { startServer, type RunningServer } from "../../src/server.js";
import { openStore, type Store } from "../../src/store/connect.js";
import { createTestDatabase } from "./test-database.js";
import { noteStarted } from "./started-count.js";

/**
 * A real Parley server on a random port for end-to-end tests, on a fresh embedded database, or on a
 * fresh PostgreSQL schema when DATABASE_URL is set (the suite then runs once per engine in CI).
 */
export type TestServer = RunningServer & {
  baseUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** A new user with its own workspace; returns its token and workspace id. */
  createUser(email?: string): Promise<{ token: string; userId: string; workspaceId: string }>;
};

/** A store migrated from empty, as createTestDatabase makes one; `close` closes it and drops the database. */
export async function openTestStore(): Promise<{ store: Store; close(): Promise<void> }> {
  const database = await createTestDatabase();
  const store = await openStore({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
  return {
    store,
    close: async () => {
      await store.close();
      await database.drop();
    },
  };
}

/**
 * What the shared server turns off: its addresses' limits would add up across every file of the worker
 * (chat starts from 127.0.0.1). Files about those limits start their own server with their own values.
 */
const SHARED_SERVER_ENV: Record<string, string> = {
  PARLEY_RATE_LIMIT_START_PER_MINUTE: "0",
  PARLEY_RATE_LIMIT_CONTINUE_PER_IP_PER_MINUTE: "0",
};

/** One per worker process (the server and browser projects run without isolation), started at first use. */
let shared: Promise<TestServer> | undefined;

/**
 * A Parley server for a test file. Without `env`, the worker's shared server: each file works in its own
 * users and workspaces (createUser), and its `close()` leaves the server to the next file. A file that
 * needs a configuration (`env`), or changes the server's context (its clock, its ports), or counts
 * something server-wide, gets a server of its own with `{ own: true }`, closed by its `close()`.
 */
export async function startTestServer(
  env: Record<string, string> = {},
  options: { own?: boolean } = {},
): Promise<TestServer> {
  if (options.own || Object.keys(env).length > 0 || process.env.PARLEY_TEST_OWN_SERVERS === "1")
    return startOwnTestServer(env, "server");
  if (!shared) {
    shared = startOwnTestServer(SHARED_SERVER_ENV, "shared-server");
    // The worker ends with the run: its database goes with it (dropped PostgreSQL schemas: global setup).
    shared.then((server) => process.once("exit", () => fs.rmSync(server.dataDir, { recursive: true, force: true })));
  }
  const server = await shared;
  return { ...server, close: async () => {} };
}

let users = 0;

async function startOwnTestServer(env: Record<string, string>, kind: "server" | "shared-server"): Promise<TestServer> {
  const database = await createTestDatabase(kind === "shared-server" ? "shared" : "own");
  const config = loadConfig({
    // Every answer is checked against its route's response schema (a mismatch answers 500).
    PARLEY_CHECK_RESPONSES: "on",
    // The suite signs in hundreds of times: scrypt's lowest cost, not a production one (tens of ms each).
    PARLEY_PASSWORD_HASH_COST: "1024",
    ...env,
    PORT: "0",
    PARLEY_DATA_DIR: database.dataDir,
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
  });
  const server = await startServer(config, { logger: false });
  noteStarted(kind);
  return {
    ...server,
    baseUrl: `${server.url}/api`,
    dataDir: database.dataDir,
    databaseUrl: database.databaseUrl,
    close: async () => {
      await server.close();
      await database.drop();
    },
    // Unique in the worker, so that files sharing a server never meet each other's users.
    async createUser(email = `user${users++}-${process.pid}-${Date.now()}@example.com`) {
      const user = await server.ctx.users.findOrCreateByEmail(email);
      const workspace = await server.ctx.workspaces.create(user.id, { name: "Test workspace" });
      const { token } = await server.ctx.users.createToken(user.id, "test");
      return { token, userId: user.id, workspaceId: workspace.id };
    },
  };
}
