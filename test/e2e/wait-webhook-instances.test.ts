import { describe, expect, it } from "vitest";
import pg from "pg";
import { buildBot, say } from "../helpers/bot-builder.js";
import { createClient } from "../helpers/http-client.js";
import { openSessionEvents } from "../helpers/session-events.js";
import { signalTransports, useTwoInstances } from "../helpers/two-instances.js";
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

describe.runIf(onPostgres).each(signalTransports("ww"))(
  "the events stream on instance A, the webhook call on instance B ($transport)",
  ({ extra }) => {
    const instances = useTwoInstances(extra);

    it("brings every waiting visitor the turn their call produced, whichever instance took the call", async () => {
      const api = createClient(`${instances.first.url}/api`, instances.token);
      const workspaceId = (await api.get("/v1/workspaces")).body.workspaces[0].id;
      const botId = (await api.post("/v1/bots", { workspaceId, bot })).body.bot.id as string;
      const { publicId } = (await api.post(`/v1/bots/${botId}/publish`)).body;
      const onA = createClient(`${instances.first.url}/api`);
      const onB = createClient(`${instances.second.url}/api`, instances.token);

      const chats = await Promise.all(
        Array.from({ length: 5 }, async (_, index) => {
          const started = await onA.post(`/v1/bots/${publicId}/startChat`, {});
          expect(started.status).toBe(200);
          const stream = await openSessionEvents(`${instances.first.url}/api`, started.body.sessionId, "hook");
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

      const client = new pg.Client({ connectionString: instances.databaseUrl });
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
  },
);
