import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { loadConfig } from "../../src/config.js";
import { startServer, type RunningServer } from "../../src/server.js";

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

let counter = 0;

export async function createTestDatabase(): Promise<{
  dataDir: string;
  databaseUrl: string | undefined;
  drop(): Promise<void>;
}> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-test-"));
  const base = process.env.DATABASE_URL;
  if (!base)
    return { dataDir, databaseUrl: undefined, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  const schema = `t_${process.pid}_${Date.now().toString(36)}_${counter++}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create schema "${schema}"`);
  await admin.end();
  const url = new URL(base);
  url.searchParams.set("options", `-c search_path=${schema}`);
  return {
    dataDir,
    databaseUrl: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`drop schema if exists "${schema}" cascade`);
      await client.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const database = await createTestDatabase();
  const config = loadConfig({
    // Every answer is checked against its route's response schema (a mismatch answers 500).
    PARLEY_CHECK_RESPONSES: "on",
    ...env,
    PORT: "0",
    PARLEY_DATA_DIR: database.dataDir,
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
  });
  const server = await startServer(config, { logger: false });
  let users = 0;
  return {
    ...server,
    baseUrl: `${server.url}/api`,
    dataDir: database.dataDir,
    databaseUrl: database.databaseUrl,
    close: async () => {
      await server.close();
      await database.drop();
    },
    async createUser(email = `user${users++}-${Date.now()}@example.com`) {
      const user = await server.ctx.users.findOrCreateByEmail(email);
      const workspace = await server.ctx.workspaces.create(user.id, { name: "Test workspace" });
      const { token } = await server.ctx.users.createToken(user.id, "test");
      return { token, userId: user.id, workspaceId: workspace.id };
    },
  };
}
