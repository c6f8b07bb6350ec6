import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.js";
import { type RunningServer, startServer } from "../../src/server.js";
import { type ChannelFakes, startChannelFakes, telegramMessageUpdate } from "../helpers/channel-fakes.js";
import { TELEGRAM } from "../helpers/channel-harness.js";
import { buildBot, say } from "../helpers/bot-builder.js";
import { createClient } from "../helpers/http-client.js";
import { createTestDatabase } from "../helpers/test-database.js";

// Several instances only make sense on a shared PostgreSQL database.
const onPostgres = Boolean(process.env.DATABASE_URL);

describe.runIf(onPostgres)("two instances on one PostgreSQL database", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let fakes: ChannelFakes;
  let instances: RunningServer[];

  beforeAll(async () => {
    database = await createTestDatabase();
    fakes = await startChannelFakes();
    // The same data directory: both read the one generated encryption key.
    const config = () =>
      loadConfig({
        PORT: "0",
        PARLEY_DATA_DIR: database.dataDir,
        DATABASE_URL: database.databaseUrl!,
        PARLEY_TELEGRAM_API_URL: fakes.telegramUrl,
      });
    instances = [await startServer(config(), { logger: false })];
    instances.push(await startServer(config(), { logger: false }));
  });
  afterAll(async () => {
    await Promise.all((instances ?? []).map((instance) => instance.close()));
    await fakes?.close();
    await database?.drop();
  });

  it("answers each contact's two quick messages in order although each went to another instance", async () => {
    const [first, second] = instances as [RunningServer, RunningServer];
    const user = await first.ctx.users.findOrCreateByEmail("channels@example.com");
    const workspace = await first.ctx.workspaces.create(user.id, { name: "Channels" });
    const { token } = await first.ctx.users.createToken(user.id, "test");
    const api = createClient(`${first.url}/api`, token);
    const credentials = await api.post(`/v1/workspaces/${workspace.id}/credentials`, {
      type: "telegram",
      name: "Telegram",
      data: TELEGRAM,
    });
    const credentialsId = credentials.body.credentials.id as string;
    const bot = buildBot({
      variables: [
        { id: "v-a", name: "a" },
        { id: "v-b", name: "b" },
      ],
      groups: [
        {
          id: "g-1",
          blocks: [
            { id: "b-a", type: "text input", options: { variableId: "v-a" } },
            say("b-got-a", "Got {{a}}"),
            { id: "b-b", type: "text input", options: { variableId: "v-b" } },
            say("b-got-b", "Then {{b}}"),
          ],
        },
      ],
      settings: { typingEmulation: { enabled: false }, chatApp: { isEnabled: true } },
    });
    const botId = (await api.post("/v1/bots", { workspaceId: workspace.id, bot })).body.bot.id as string;
    expect((await api.patch(`/v1/bots/${botId}`, { bot: { chatAppCredentialsId: credentialsId } })).status).toBe(200);
    expect((await api.post(`/v1/bots/${botId}/publish`)).status).toBe(200);

    const path = `/api/v1/workspaces/${workspace.id}/channels/${credentialsId}/webhook`;
    const post = (instance: RunningServer, update: unknown) =>
      createClient(instance.url).post(path, update, { "x-telegram-bot-api-secret-token": TELEGRAM.secretToken });
    const contacts = Array.from({ length: 8 }, (_, index) => 990_000 + index);
    let updateId = 1;
    await Promise.all(
      contacts.map(async (chatId) => {
        expect((await post(first, telegramMessageUpdate(updateId++, chatId, { text: `one-${chatId}` }))).status).toBe(
          200,
        );
        expect((await post(second, telegramMessageUpdate(updateId++, chatId, { text: `two-${chatId}` }))).status).toBe(
          200,
        );
      }),
    );
    const sendMessage = `/tg/bot${TELEGRAM.botToken}/sendMessage`;
    await fakes.waitForCalls((call) => call.path === sendMessage, contacts.length * 2);
    for (const chatId of contacts)
      expect(
        fakes.calls
          .filter((call) => call.path === sendMessage && call.body.chat_id === chatId)
          .map((call) => call.body.text),
      ).toEqual([`Got one-${chatId}`, `Then two-${chatId}`]);
  });
});
