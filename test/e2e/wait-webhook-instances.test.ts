import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { buildBot, say } from "../helpers/conversation.js";
import { createClient } from "../helpers/http-client.js";
import { openSessionEvents } from "../helpers/session-events.js";
import { startServerProcess, type ServerProcess } from "../helpers/server-process.js";
import { createTestDatabase } from "../helpers/test-server.js";
import { bubbleTexts } from "./integrations-harness.js";

const bot = buildBot({
  variables: [{ id: "v-name", name: "Name" }],
  groups: [
    {
      id: "g1",
      blocks: [
        say("t-wait", "Waiting"),
        {
          id: "hook",
          type: "webhook",
          options: { responseVariableMapping: [{ id: "m", bodyPath: "data.name", variableId: "v-name" }] },
        },
        say("t-done", "Hello {{Name}}"),
        { id: "ask", type: "text input" },
      ],
    },
  ],
});

// Several instances only make sense on a shared PostgreSQL database.
const onPostgres = Boolean(process.env.DATABASE_URL);

describe.runIf(onPostgres).each([
  { transport: "PostgreSQL LISTEN/NOTIFY", extra: {} },
  {
    transport: "Redis pub/sub",
    extra: { REDIS_URL: "redis://127.0.0.1:6379", PARLEY_REDIS_PREFIX: `ww-${process.pid}-` },
  },
])("the events stream on instance A, the webhook call on instance B ($transport)", ({ extra }) => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let first: ServerProcess;
  let second: ServerProcess;
  let token: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: database.databaseUrl,
      PARLEY_DATA_DIR: database.dataDir,
      ...extra,
    };
    if (!("REDIS_URL" in extra)) delete env.REDIS_URL;
    first = await startServerProcess(env);
    await new Promise((resolve) => setTimeout(resolve, 200));
    token = /^ {2}(pat_\S+)$/m.exec(first.output())![1];
    second = await startServerProcess(env);
  }, 240_000);
  afterAll(async () => {
    await Promise.all([first?.stop(), second?.stop()]);
    await database?.drop();
  });

  it("brings every waiting visitor the turn their call produced, whichever instance took the call", async () => {
    const api = createClient(`${first.url}/api`, token);
    const workspaceId = (await api.get("/v1/workspaces")).body.workspaces[0].id;
    const botId = (await api.post("/v1/bots", { workspaceId, bot })).body.bot.id as string;
    const { publicId } = (await api.post(`/v1/bots/${botId}/publish`)).body;
    const onA = createClient(`${first.url}/api`);
    const onB = createClient(`${second.url}/api`, token);

    const chats = await Promise.all(
      Array.from({ length: 5 }, async (_, index) => {
        const started = await onA.post(`/v1/bots/${publicId}/startChat`, {});
        expect(started.status).toBe(200);
        const stream = await openSessionEvents(`${first.url}/api`, started.body.sessionId, "hook");
        expect(await stream.next()).toEqual({ event: "waiting", data: {} });
        return { index, resultId: started.body.resultId as string, stream };
      }),
    );
    for (const chat of chats) {
      const path = `/v1/bots/${botId}/blocks/hook/results/${chat.resultId}/executeWebhook`;
      const call = await onB.post(path, { name: `Visitor ${chat.index}` });
      expect(call.status, JSON.stringify(call.body)).toBe(200);
    }
    for (const chat of chats) {
      const news = await chat.stream.nextNews();
      expect(news?.event).toBe("reply");
      expect(bubbleTexts(news?.data)).toEqual([`Hello Visitor ${chat.index}`]);
    }

    const client = new pg.Client({ connectionString: database.databaseUrl });
    await client.connect();
    const { rows } = await client.query(`select id, variables from results where "botId" = $1`, [botId]);
    await client.end();
    for (const chat of chats)
      expect(JSON.parse(rows.find((row) => row.id === chat.resultId).variables)).toContainEqual({
        id: "v-name",
        name: "Name",
        value: `Visitor ${chat.index}`,
      });
  });
});
