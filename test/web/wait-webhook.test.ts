import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { createChatHarness, type ChatHarness } from "../helpers/conversation.js";
import { buildBot, say } from "../helpers/bot-builder.js";
import { createClient } from "../helpers/http-client.js";
import { createTestDatabase } from "../helpers/test-database.js";
import { startServerProcess, type ServerProcess } from "../helpers/server-process.js";
import { chatPageFrame, launchBrowser, openPage } from "./browser.js";

/** Waits for an outside system's call, shows what it posted, then asks a question. */
const paymentBot = buildBot({
  groups: [
    {
      id: "g1",
      blocks: [
        say("t-wait", "Waiting for your payment"),
        {
          id: "hook",
          type: "webhook",
          options: { responseVariableMapping: [{ id: "m1", bodyPath: "data.customer.name", variableId: "v-name" }] },
        },
        say("t-paid", "Thank you, {{Name}}"),
        { id: "ask", type: "text input", options: { variableId: "v-next", labels: { placeholder: "Anything else?" } } },
      ],
    },
  ],
  variables: [
    { id: "v-name", name: "Name" },
    { id: "v-next", name: "Next" },
  ],
  settings: { typingEmulation: { enabled: false } },
});

const callPath = (botId: string, resultId: string) =>
  `/v1/bots/${botId}/blocks/hook/results/${resultId}/executeWebhook`;

/** Opens the bot's page on `baseUrl`, waits until the chat listens, and hands back the page's parts. */
async function openWaitingChat(browser: Browser, baseUrl: string, publicId: string) {
  const context = await browser.newContext({ viewport: { width: 900, height: 900 } });
  const page = await openPage(context);
  const listening = page.waitForResponse((response) => response.url().includes("/events?blockId=hook"));
  await page.goto(`${baseUrl}/${publicId}`);
  const { chat } = chatPageFrame(page);
  const log = chat.locator("parley-standard .log");
  await expect.poll(() => log.locator(".bubble.host").allTextContents()).toEqual(["Waiting for your payment"]);
  expect((await listening).status()).toBe(200);
  return { context, page, chat, log };
}

describe("a chat waiting for its webhook, in Chromium", { timeout: 120_000 }, () => {
  let harness: ChatHarness;
  let browser: Browser;

  beforeAll(async () => {
    harness = await createChatHarness();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await harness?.close();
  });

  it("shows the next bubble once the webhook is called over HTTP, with no action of the visitor", async () => {
    const conversation = await harness.conversation(paymentBot);
    const { context, page, chat, log } = await openWaitingChat(browser, harness.server.url, conversation.publicId);
    const session = await harness.server.ctx.store.db
      .selectFrom("sessions")
      .select("resultId")
      .where("botId", "=", conversation.botId)
      .executeTakeFirstOrThrow();

    const call = await harness.api.post(callPath(conversation.botId, session.resultId!), { customer: { name: "Ada" } });
    expect(call.status, JSON.stringify(call.body)).toBe(200);

    await chat.getByText("Thank you, Ada").waitFor({ timeout: 20_000 });
    expect(await log.locator(".bubble.guest").count()).toBe(0);
    // The chat goes on as usual from the input that followed.
    await chat.getByPlaceholder("Anything else?").pressSequentially("No");
    await chat.getByPlaceholder("Anything else?").press("Enter");
    await expect.poll(() => log.locator(".bubble.guest").allTextContents()).toEqual(["No"]);
    expect(page.problems).toEqual([]);
    await context.close();
  });
});

// Several instances only make sense on a shared PostgreSQL database.
describe.runIf(Boolean(process.env.DATABASE_URL))(
  "a chat waiting for its webhook, with the call arriving on another instance",
  { timeout: 120_000 },
  () => {
    let database: Awaited<ReturnType<typeof createTestDatabase>>;
    let first: ServerProcess;
    let second: ServerProcess;
    let token: string;
    let browser: Browser;

    beforeAll(async () => {
      database = await createTestDatabase();
      // Without Redis: the signal goes through PostgreSQL.
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        DATABASE_URL: database.databaseUrl,
        PARLEY_DATA_DIR: database.dataDir,
      };
      delete env.REDIS_URL;
      first = await startServerProcess(env);
      await new Promise((resolve) => setTimeout(resolve, 200));
      token = /^ {2}(pat_\S+)$/m.exec(first.output())![1];
      second = await startServerProcess(env);
      browser = await launchBrowser();
    }, 240_000);
    afterAll(async () => {
      await browser?.close();
      await Promise.all([first?.stop(), second?.stop()]);
      await database?.drop();
    });

    it("delivers the bubble to the page on instance A when the call lands on instance B (LISTEN/NOTIFY)", async () => {
      const api = createClient(`${first.url}/api`, token);
      const workspaceId = (await api.get("/v1/workspaces")).body.workspaces[0].id;
      const created = await api.post("/v1/bots", { workspaceId, bot: paymentBot });
      const botId = created.body.bot.id as string;
      const { publicId } = (await api.post(`/v1/bots/${botId}/publish`)).body;

      const { context, page, chat } = await openWaitingChat(browser, first.url, publicId);
      const pg = await import("pg");
      const client = new pg.default.Client({ connectionString: database.databaseUrl });
      await client.connect();
      const { rows } = await client.query(`select "resultId" from sessions where "botId" = $1`, [botId]);
      await client.end();

      const onSecond = createClient(`${second.url}/api`, token);
      const call = await onSecond.post(callPath(botId, rows[0].resultId), { customer: { name: "Grace" } });
      expect(call.status, JSON.stringify(call.body)).toBe(200);
      await chat.getByText("Thank you, Grace").waitFor({ timeout: 10_000 });
      expect(page.problems).toEqual([]);
      await context.close();
    });
  },
);
