import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { createChatHarness, type ChatHarness } from "../helpers/conversation.js";
import { buildBot, say } from "../helpers/bot-builder.js";
import { launchBrowser, openPage } from "../web/browser.js";

/**
 * A bot's customDomain serves its chat page: requests carry the domain in Host (or, behind a trusted
 * proxy, X-Forwarded-Host), and a browser resolves the domain to this machine. The domains here are
 * allowed by the operator (PARLEY_CUSTOM_DOMAINS_ALLOWED); proof by challenge is custom-domain-proof.test.ts.
 */
const OPERATOR_ALLOWED = {
  PARLEY_CUSTOM_DOMAINS_ALLOWED:
    "chat.example.com,example.org,taken.example.com,gone.example.com,proxied.example.com,chat.parley-test.com",
};

type RawResponse = { status: number; body: string; headers: http.IncomingHttpHeaders };

/** fetch may not set Host: a plain request does. */
function request(
  base: string,
  path: string,
  headers: Record<string, string>,
  method = "GET",
  body?: string,
): Promise<RawResponse> {
  const url = new URL(path, base);
  return new Promise((resolve, reject) => {
    const outgoing = http.request(url, { method, headers }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text, headers: response.headers }));
    });
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

function pageBot(title: string, text: string) {
  return buildBot({
    groups: [
      {
        id: "g",
        blocks: [
          say("b-hi", text),
          { id: "b-name", type: "text input", options: { variableId: "v" } },
          say("b-bye", "Bye {{Name}}"),
        ],
      },
    ],
    variables: [{ id: "v", name: "Name" }],
    settings: { metadata: { title, description: `${title}, on its own domain` }, typingEmulation: { enabled: false } },
  });
}

describe("custom domains", { timeout: 90_000 }, () => {
  let harness: ChatHarness;
  let base: string;

  beforeAll(async () => {
    harness = await createChatHarness(OPERATOR_ALLOWED);
    base = harness.server.url;
  });
  afterAll(() => harness.close());

  async function publishWithDomain(customDomain: string, title: string) {
    const conversation = await harness.conversation(pageBot(title, `Hello from ${title}`));
    const patched = await harness.api.patch(`/v1/bots/${conversation.botId}`, { bot: { customDomain } });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    return { ...conversation, stored: patched.body.bot.customDomain as string };
  }

  it("serves the bot's page with its metadata at / of its domain, and its chat calls from that origin", async () => {
    const bot = await publishWithDomain("Chat.Example.com", "Support bot");
    expect(bot.stored).toBe("chat.example.com");
    const page = await request(base, "/?utm=news", { host: "chat.example.com" });
    expect(page.status).toBe(200);
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(page.body).toContain("<title>Support bot</title>");
    expect(page.body).toContain('<meta name="description" content="Support bot, on its own domain">');
    expect(page.body).toContain(`bot="${bot.publicId}"`);
    // The page is the chat shell; its sandboxed frame, on the same domain, holds the chat.
    expect(page.body).toContain(`<iframe class="chat-frame" src="/${bot.publicId}/frame?utm=news"`);
    const frame = await request(base, `/${bot.publicId}/frame?utm=news`, { host: "chat.example.com" });
    expect(frame.body).toContain('prefilled-variables="{&quot;utm&quot;:&quot;news&quot;}"');
    // The frame loads the client and talks to the API on its own origin.
    expect(frame.body).toMatch(/<script src="\/embed\.js(\?v=[^"]+)?" defer>/);
    const script = await request(base, "/embed.js", { host: "chat.example.com" });
    expect(script.status).toBe(200);
    const start = await request(
      base,
      `/api/v1/bots/${bot.publicId}/startChat`,
      { host: "chat.example.com", origin: "http://chat.example.com", "content-type": "application/json" },
      "POST",
      "{}",
    );
    expect(start.status).toBe(200);
    expect(JSON.parse(start.body).messages[0].content.richText[0].children[0].text).toBe("Hello from Support bot");
    expect(start.headers["access-control-allow-origin"]).toBe("http://chat.example.com");

    // Another host, or another path of the domain, is not the bot's page.
    expect((await request(base, "/", { host: "other.example.com" })).body).not.toContain(bot.publicId);
    expect((await request(base, "/elsewhere", { host: "chat.example.com" })).status).toBe(404);
  });

  it("serves a domain with a path at that path only", async () => {
    const bot = await publishWithDomain("example.org/help/chat/", "Help bot");
    expect(bot.stored).toBe("example.org/help/chat");
    for (const path of ["/help/chat", "/help/chat/"]) {
      const page = await request(base, path, { host: "example.org" });
      expect(page.status, path).toBe(200);
      expect(page.body, path).toContain(`bot="${bot.publicId}"`);
    }
    expect((await request(base, "/", { host: "example.org" })).body).not.toContain(bot.publicId);
    expect((await request(base, "/help", { host: "example.org" })).body).not.toContain(bot.publicId);
  });

  it("refuses a domain another bot has with 409, whatever its case", async () => {
    await publishWithDomain("taken.example.com", "First");
    const second = await harness.conversation(pageBot("Second", "Hi"));
    const clash = await harness.api.patch(`/v1/bots/${second.botId}`, { bot: { customDomain: "TAKEN.example.com" } });
    expect(clash.status).toBe(409);
    expect(clash.body).toEqual({
      code: "CONFLICT",
      message: "The custom domain taken.example.com is already used by another bot",
    });
    const created = await harness.api.post("/v1/bots", {
      workspaceId: harness.workspaceId,
      bot: { name: "Third", customDomain: "taken.example.com" },
    });
    expect(created.status).toBe(409);
  });

  it("stops serving a domain once its bot is unpublished", async () => {
    const bot = await publishWithDomain("gone.example.com", "Gone bot");
    expect((await request(base, "/", { host: "gone.example.com" })).body).toContain(bot.publicId);
    expect((await harness.api.post(`/v1/bots/${bot.botId}/unpublish`)).status).toBe(200);
    expect((await request(base, "/", { host: "gone.example.com" })).body).not.toContain(bot.publicId);
  });

  it("counts X-Forwarded-Host only when PARLEY_TRUST_PROXY says so", async () => {
    const bot = await publishWithDomain("proxied.example.com", "Proxied bot");
    const untrusted = await request(base, "/", { host: "127.0.0.1", "x-forwarded-host": "proxied.example.com" });
    expect(untrusted.body).not.toContain(bot.publicId);

    const trusting = await createChatHarness({ ...OPERATOR_ALLOWED, PARLEY_TRUST_PROXY: "on" });
    try {
      const behind = await trusting.conversation(pageBot("Behind a proxy", "Hi"));
      await trusting.api.patch(`/v1/bots/${behind.botId}`, { bot: { customDomain: "proxied.example.com" } });
      const page = await request(trusting.server.url, "/", {
        host: "127.0.0.1",
        "x-forwarded-host": "proxied.example.com",
      });
      expect(page.status).toBe(200);
      expect(page.body).toContain(`bot="${behind.publicId}"`);
    } finally {
      await trusting.close();
    }
  });

  describe("in Chromium, the domain resolved to this machine", () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await launchBrowser(["--host-resolver-rules=MAP chat.parley-test.com 127.0.0.1"]);
    });
    afterAll(async () => browser?.close());

    it("opens the bot's page at the domain and chats with the same origin", async () => {
      const bot = await publishWithDomain("chat.parley-test.com", "Domain bot");
      const page = await openPage(await browser.newContext());
      const requests: string[] = [];
      page.on("request", (sent) => requests.push(new URL(sent.url()).host));
      const port = new URL(base).port;
      await page.goto(`http://chat.parley-test.com:${port}/`);
      expect(await page.title()).toBe("Domain bot");
      // The chat is in the page's sandboxed frame (an opaque origin), served from the same domain.
      const log = page.frameLocator("iframe.chat-frame").locator("parley-standard .log");
      await expect.poll(() => log.locator(".bubble.host").first().textContent()).toBe("Hello from Domain bot");
      await page.keyboard.type("Ada");
      await page.keyboard.press("Enter");
      await expect.poll(() => log.locator(".bubble.host").last().textContent()).toBe("Bye Ada");
      expect(new Set(requests)).toEqual(new Set([`chat.parley-test.com:${port}`]));
      expect(page.problems).toEqual([]);
      const [result] = await harness.server.ctx.store.db
        .selectFrom("results")
        .select(["isCompleted"])
        .where("botId", "=", bot.botId)
        .execute();
      expect(Number(result.isCompleted)).toBe(1);
    });
  });
});
