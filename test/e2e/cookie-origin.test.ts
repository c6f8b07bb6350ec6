import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setPassword } from "../../src/services/auth/browser-sessions.js";
import { buildBot, say } from "../helpers/bot-builder.js";
import { createClient } from "../helpers/http-client.js";
import { startTestServer, type TestServer } from "../helpers/test-server.js";

/**
 * The builder's cookie authenticates only requests its own pages make; bot code runs in other
 * origins (the chat page's sandboxed frame, an embed's host page, the preview frame).
 */
let server: TestServer;
let origin: string;
const anonymous = () => createClient(server.baseUrl);
const PASSWORD = "correct horse battery";

beforeAll(async () => {
  server = await startTestServer();
  origin = new URL(server.baseUrl).origin;
});
afterAll(() => server.close());

async function signedIn() {
  const user = await server.createUser();
  const { email } = (await server.ctx.users.findById(user.userId))!;
  await setPassword(server.ctx, user.userId, PASSWORD);
  const response = await anonymous().post("/auth/login", { email, password: PASSWORD });
  expect(response.status).toBe(200);
  return { ...user, cookie: response.headers.get("set-cookie")!.split(";")[0], csrfToken: response.body.csrfToken };
}

const BROWSER_FROM = {
  builder: () => ({ "sec-fetch-site": "same-origin", origin }),
  builderGet: () => ({ "sec-fetch-site": "same-origin" }),
  chatFrame: () => ({ "sec-fetch-site": "cross-site", origin: "null" }),
  sameSiteEmbed: () => ({ "sec-fetch-site": "same-site", origin: "http://shop.localhost:8080" }),
  otherSite: () => ({ "sec-fetch-site": "cross-site", origin: "https://attacker.example" }),
  oldBrowserOtherSite: () => ({ origin: "https://attacker.example" }),
  oldBrowserNullOrigin: () => ({ origin: "null" }),
};

describe("the session cookie counts only on requests from the builder's own origin", () => {
  it("signs in the builder's own requests and non-browser clients", async () => {
    const user = await signedIn();
    for (const headers of [BROWSER_FROM.builder(), BROWSER_FROM.builderGet(), {}]) {
      const me = await anonymous().get("/auth/me", { cookie: user.cookie, ...headers });
      expect([me.status, me.body.user?.id]).toEqual([200, user.userId]);
    }
    const minted = await anonymous().post(
      "/v1/tokens",
      { name: "from the builder" },
      { cookie: user.cookie, "x-csrf-token": user.csrfToken, ...BROWSER_FROM.builder() },
    );
    expect(minted.status).toBe(200);
  });

  it("ignores the cookie on requests from the chat frame, embeds and other sites: 401, nothing minted", async () => {
    const user = await signedIn();
    const foreign = [
      BROWSER_FROM.chatFrame(),
      BROWSER_FROM.sameSiteEmbed(),
      BROWSER_FROM.otherSite(),
      BROWSER_FROM.oldBrowserOtherSite(),
      BROWSER_FROM.oldBrowserNullOrigin(),
      { "sec-fetch-site": "none" },
      { "sec-fetch-site": "same-origin", origin: "https://attacker.example" },
    ];
    for (const headers of foreign) {
      const withCookie = { cookie: user.cookie, "x-csrf-token": user.csrfToken, ...headers };
      const me = await anonymous().get("/auth/me", withCookie);
      expect([me.status, me.body]).toEqual([401, { code: "UNAUTHORIZED", message: "Not signed in" }]);
      const workspaces = await anonymous().get("/v1/workspaces", withCookie);
      expect([workspaces.status, workspaces.body.code]).toEqual([401, "UNAUTHORIZED"]);
      const minted = await anonymous().post("/v1/tokens", { name: "stolen" }, withCookie);
      expect([minted.status, minted.body.code]).toEqual([401, "UNAUTHORIZED"]);
    }
    const tokens = await createClient(server.baseUrl, user.token).get("/v1/tokens");
    expect(tokens.body.tokens.map((token: { name: string }) => token.name)).not.toContain("stolen");
    // A foreign page cannot sign the browser in (or out) either.
    const { email } = (await server.ctx.users.findById(user.userId))!;
    const login = await anonymous().post("/auth/login", { email, password: PASSWORD }, BROWSER_FROM.otherSite());
    expect([login.status, login.body.code, login.headers.get("set-cookie")]).toEqual([403, "FORBIDDEN", null]);
    await anonymous().post("/auth/logout", {}, { cookie: user.cookie, ...BROWSER_FROM.chatFrame() });
    expect((await anonymous().get("/auth/me", { cookie: user.cookie })).status).toBe(200);
  });

  it("keeps bearer tokens working from any origin", async () => {
    const user = await signedIn();
    const api = createClient(server.baseUrl, user.token);
    for (const headers of [BROWSER_FROM.otherSite(), BROWSER_FROM.chatFrame(), {}]) {
      const workspaces = await api.get("/v1/workspaces", headers);
      expect(workspaces.status).toBe(200);
    }
  });

  it("answers the chat frame's calls (Origin: null) with CORS, and lets the preview send its token", async () => {
    const preflight = await fetch(`${server.baseUrl}/v1/bots/any/preview/startChat`, {
      method: "OPTIONS",
      headers: {
        origin: "null",
        "access-control-request-method": "POST",
        "access-control-request-headers": "authorization,content-type",
      },
    });
    expect([
      preflight.status,
      preflight.headers.get("access-control-allow-origin"),
      preflight.headers.get("access-control-allow-headers"),
    ]).toEqual([204, "null", "content-type, x-typebot-iframe-referrer-origin, authorization"]);
  });
});

describe("preview tokens", () => {
  const draft = (text: string) => buildBot({ groups: [{ id: "g-1", blocks: [say("b-1", text)] }] });

  async function memberWithBots() {
    const user = await signedIn();
    const api = createClient(server.baseUrl, user.token);
    const create = async (text: string) =>
      (await api.post("/v1/bots", { workspaceId: user.workspaceId, bot: draft(text) })).body.bot.id as string;
    return { user, botA: await create("Draft A"), botB: await create("Draft B") };
  }

  const mint = (user: { cookie: string; csrfToken: string }, botId: string) =>
    anonymous().post(
      `/v1/bots/${botId}/preview/token`,
      {},
      { cookie: user.cookie, "x-csrf-token": user.csrfToken, ...BROWSER_FROM.builder() },
    );
  const startPreview = (botId: string, token: string) =>
    anonymous().post(`/v1/bots/${botId}/preview/startChat`, {}, { authorization: `Bearer ${token}`, origin: "null" });
  const bubbleTexts = (body: { messages: { content: { richText: { children: { text: string }[] }[] } }[] }) =>
    body.messages.map((message) => message.content.richText[0].children[0].text);

  it("lasts 15 minutes and starts previews of its own bot's stored draft", async () => {
    const { user, botA } = await memberWithBots();
    const minted = await mint(user, botA);
    expect(minted.status).toBe(200);
    expect(minted.body.token).toMatch(/^pvt_[A-Za-z0-9_-]{43}$/);
    const lifetime = Date.parse(minted.body.expiresAt) - Date.now();
    expect(lifetime).toBeGreaterThan(14 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(15 * 60_000);
    const preview = await startPreview(botA, minted.body.token);
    expect([preview.status, bubbleTexts(preview.body)]).toEqual([200, ["Draft A"]]);
    expect(preview.headers.get("access-control-allow-origin")).toBe("null");
  });

  it("is refused for another bot's preview, for management routes and for minting more", async () => {
    const { user, botA, botB } = await memberWithBots();
    const { token } = (await mint(user, botA)).body;
    const other = await startPreview(botB, token);
    expect([other.status, other.body]).toEqual([
      401,
      { code: "UNAUTHORIZED", message: "Unknown or expired preview token for this bot" },
    ]);
    const asApiToken = createClient(server.baseUrl, token);
    for (const response of [
      await asApiToken.get("/v1/workspaces"),
      await asApiToken.get(`/v1/bots/${botA}`),
      await asApiToken.post("/v1/tokens", { name: "more" }),
      await asApiToken.post(`/v1/bots/${botA}/preview/token`, {}),
      await asApiToken.get("/auth/me"),
    ])
      expect([response.status, response.body.code]).toEqual([401, "UNAUTHORIZED"]);
  });

  it("expires", async () => {
    const { user, botA } = await memberWithBots();
    const { token } = (await mint(user, botA)).body;
    await server.ctx.store.db
      .updateTable("previewTokens")
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where("userId", "=", user.userId)
      .execute();
    const expired = await startPreview(botA, token);
    expect([expired.status, expired.body.code]).toEqual([401, "UNAUTHORIZED"]);
  });

  it("is minted only by a member of the bot's workspace, signed in from the builder", async () => {
    const { botA } = await memberWithBots();
    const stranger = await signedIn();
    const foreign = await mint(stranger, botA);
    expect([foreign.status, foreign.body.code]).toEqual([404, "NOT_FOUND"]);
    const { user } = await memberWithBots();
    const fromChatFrame = await anonymous().post(
      `/v1/bots/${botA}/preview/token`,
      {},
      { cookie: user.cookie, "x-csrf-token": user.csrfToken, ...BROWSER_FROM.chatFrame() },
    );
    expect([fromChatFrame.status, fromChatFrame.body.code]).toEqual([401, "UNAUTHORIZED"]);
  });
});

describe("the chat page's frame and allowed origins", () => {
  it("counts the frame's requests (Origin: null) as coming from the page that served it, by its Referer", async () => {
    const owner = await server.createUser();
    const api = createClient(server.baseUrl, owner.token);
    const bot = {
      ...buildBot({ groups: [{ id: "g-1", blocks: [say("b-1", "Hello")] }] }),
      settings: { security: { allowedOrigins: [origin] } },
    };
    const botId = (await api.post("/v1/bots", { workspaceId: owner.workspaceId, bot })).body.bot.id;
    const { publicId } = (await api.post(`/v1/bots/${botId}/publish`)).body;
    const start = (referer: string) =>
      anonymous().post(`/v1/bots/${publicId}/startChat`, {}, { origin: "null", referer });
    const fromOwnPage = await start(`${origin}/`);
    expect([fromOwnPage.status, fromOwnPage.headers.get("access-control-allow-origin")]).toEqual([200, "null"]);
    const elsewhere = await start("https://attacker.example/page");
    expect([elsewhere.status, elsewhere.body]).toEqual([
      403,
      { code: "ORIGIN_NOT_ALLOWED", message: "Origin not allowed" },
    ]);
  });
});
