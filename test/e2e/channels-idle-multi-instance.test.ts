import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.js";
import { type RunningServer, startServer } from "../../src/server.js";
import { type ChannelFakes, startChannelFakes, telegramMessageUpdate } from "../helpers/channel-fakes.js";
import { TELEGRAM } from "../helpers/channel-harness.js";
import { buildBot, edge, say } from "../helpers/bot-builder.js";
import { createClient } from "../helpers/http-client.js";
import { createTestDatabase } from "../helpers/test-database.js";

// Several instances only make sense on a shared PostgreSQL database.
const onPostgres = Boolean(process.env.DATABASE_URL);

describe.runIf(onPostgres)("idle timeouts with two instances on one PostgreSQL database", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let fakes: ChannelFakes;
  let instances: RunningServer[];

  beforeAll(async () => {
    database = await createTestDatabase();
    fakes = await startChannelFakes();
    const config = () =>
      loadConfig({
        PORT: "0",
        PARLEY_DATA_DIR: database.dataDir,
        DATABASE_URL: database.databaseUrl!,
        PARLEY_TELEGRAM_API_URL: fakes.telegramUrl,
        // Both look for due timeouts often, so that they claim at the same moments.
        PARLEY_IDLE_POLL_MS: "20",
      });
    instances = [await startServer(config(), { logger: false })];
    instances.push(await startServer(config(), { logger: false }));
  });
  afterAll(async () => {
    await Promise.all((instances ?? []).map((instance) => instance.close()));
    await fakes?.close();
    await database?.drop();
  });

  it("fires each contact's due timeout exactly once", async () => {
    const [first, second] = instances as [RunningServer, RunningServer];
    const user = await first.ctx.users.findOrCreateByEmail("idle@example.com");
    const workspace = await first.ctx.workspaces.create(user.id, { name: "Idle" });
    const { token } = await first.ctx.users.createToken(user.id, "test");
    const api = createClient(`${first.url}/api`, token);
    const credentials = await api.post(`/v1/workspaces/${workspace.id}/credentials`, {
      type: "telegram",
      name: "Telegram",
      data: TELEGRAM,
    });
    const credentialsId = credentials.body.credentials.id as string;
    const bot = buildBot({
      groups: [
        {
          id: "g-ask",
          blocks: [
            say("b-ask", "Your name?"),
            { id: "q-name", type: "text input", options: { idleTimeout: { seconds: 1, outgoingEdgeId: "e-idle" } } },
          ],
        },
        { id: "g-idle", blocks: [say("b-still", "Are you still there?")] },
      ],
      edges: [{ ...edge("e-idle", "g-idle"), from: { blockId: "q-name" } }],
      settings: { typingEmulation: { enabled: false }, chatApp: { isEnabled: true } },
    });
    const botId = (await api.post("/v1/bots", { workspaceId: workspace.id, bot })).body.bot.id as string;
    expect((await api.patch(`/v1/bots/${botId}`, { bot: { chatAppCredentialsId: credentialsId } })).status).toBe(200);
    expect((await api.post(`/v1/bots/${botId}/publish`)).status).toBe(200);

    const path = `/api/v1/workspaces/${workspace.id}/channels/${credentialsId}/webhook`;
    const post = (instance: RunningServer, update: unknown) =>
      createClient(instance.url).post(path, update, { "x-telegram-bot-api-secret-token": TELEGRAM.secretToken });
    const contacts = Array.from({ length: 12 }, (_, index) => 880_000 + index);
    await Promise.all(
      contacts.map(async (chatId, index) => {
        const instance = index % 2 === 0 ? first : second;
        expect((await post(instance, telegramMessageUpdate(index + 1, chatId, { text: "hi" }))).status).toBe(200);
      }),
    );
    const sendMessage = `/tg/bot${TELEGRAM.botToken}/sendMessage`;
    const idled = (call: { path: string; body: any }) =>
      call.path === sendMessage && call.body.text === "Are you still there?";
    await fakes.waitForCalls(idled, contacts.length);
    // Every timeout settled by whichever instance fired it: nothing is left to fire twice.
    const db = first.ctx.store.db;
    await fakes.waitUntil(async () => (await db.selectFrom("idleTimeouts").select("sessionId").execute()).length === 0);
    for (const chatId of contacts)
      expect(
        fakes.calls
          .filter((call) => call.path === sendMessage && call.body.chat_id === chatId)
          .map((call) => call.body.text),
      ).toEqual(["Your name?", "Are you still there?"]);
    const logs = await db
      .selectFrom("logs")
      .select("description")
      .where("description", "=", "No answer within 1 s")
      .execute();
    expect(logs).toHaveLength(contacts.length);
  });
});
