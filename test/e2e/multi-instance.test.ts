import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../helpers/test-database.js";
import { createClient } from "../helpers/http-client.js";
import { startServerProcess, type ServerProcess } from "../helpers/server-process.js";
import { greetingBot } from "../helpers/sample-bots.js";
import pg from "pg";

// Several instances only make sense on a shared PostgreSQL database.
const onPostgres = Boolean(process.env.DATABASE_URL);

describe.runIf(onPostgres)("two server processes on one PostgreSQL database", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let first: ServerProcess;
  let second: ServerProcess;
  let token: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    const env = { ...process.env, DATABASE_URL: database.databaseUrl, PARLEY_DATA_DIR: database.dataDir };
    first = await startServerProcess(env);
    await new Promise((r) => setTimeout(r, 200));
    token = /^ {2}(pat_\S+)$/m.exec(first.output())![1];
    second = await startServerProcess(env);
  });
  afterAll(async () => {
    await Promise.all([first?.stop(), second?.stop()]);
    await database.drop();
  });

  it("lets every conversation alternate between the instances turn by turn, losing and doubling nothing", async () => {
    const api = createClient(`${first.url}/api`, token);
    const workspaceId = (await api.get("/v1/workspaces")).body.workspaces[0].id;
    const bot = greetingBot();
    // Two questions, so that each conversation has a turn on each instance.
    bot.groups[0].blocks.push({ id: "b-city", type: "text input", options: { variableId: "v-city" } } as never);
    bot.variables.push({ id: "v-city", name: "City" });
    const created = await api.post("/v1/bots", { workspaceId, bot });
    const { publicId } = (await api.post(`/v1/bots/${created.body.bot.id}/publish`)).body;
    const instances = [createClient(`${first.url}/api`), createClient(`${second.url}/api`)];

    const conversations = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const start = await instances[i % 2].post(`/v1/bots/${publicId}/startChat`, {});
        expect(start.status).toBe(200);
        const name = await instances[(i + 1) % 2].post(`/v1/sessions/${start.body.sessionId}/continueChat`, {
          message: `Name ${i}`,
        });
        expect(name.status).toBe(200);
        const city = await instances[i % 2].post(`/v1/sessions/${start.body.sessionId}/continueChat`, {
          message: `City ${i}`,
        });
        expect(city.status).toBe(200);
        return start.body.resultId as string;
      }),
    );

    const client = new pg.Client({ connectionString: database.databaseUrl });
    await client.connect();
    const { rows } = await client.query(
      `select "resultId", count(*)::int as n, string_agg(content, '|' order by position) as contents from answers group by "resultId"`,
    );
    const completed = await client.query(`select count(*)::int as n from results where "isCompleted" = 1`);
    await client.end();
    expect(rows).toHaveLength(20);
    for (const [i, resultId] of conversations.entries())
      expect(rows.find((row) => row.resultId === resultId)).toMatchObject({ n: 2, contents: `Name ${i}|City ${i}` });
    expect(completed.rows[0].n).toBe(20);
  });
});
