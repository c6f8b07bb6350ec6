import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChatHarness, type ChatHarness } from "../helpers/conversation.js";
import { buildBot, say } from "../helpers/bot-builder.js";

/**
 * Issue 31 item 12: a claimed custom domain is served only once its claimant proves control of it
 * (the domain answers Parley's token at /.well-known/parley-challenge/<token>, fetched through the
 * SSRF-guarded client) or the operator allows it; names this instance answers on are never claimable.
 * The challenge goes to a local listener standing in for the domain's server.
 */

type RawResponse = { status: number; body: string };

/** fetch may not set Host: a plain request does. */
function pageRequest(base: string, path: string, host: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(new URL(path, base), { headers: { host } }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
    outgoing.on("error", reject);
    outgoing.end();
  });
}

const bot = () =>
  buildBot({
    groups: [{ id: "g", blocks: [say("b-hi", "Hello from the domain bot")] }],
    settings: { metadata: { title: "Domain bot" }, typingEmulation: { enabled: false } },
  });

describe("custom domains are served only once proven", { timeout: 90_000 }, () => {
  let harness: ChatHarness;
  let base: string;
  let domainServer: http.Server;
  /** What the stand-in for the domain's server answers, and what it was asked. */
  let answer: { status: number; body: string } = { status: 404, body: "" };
  const asked: { path: string; host: string }[] = [];

  beforeAll(async () => {
    domainServer = http.createServer((request, response) => {
      asked.push({ path: request.url ?? "", host: request.headers.host ?? "" });
      response.writeHead(answer.status, { "content-type": "text/plain" }).end(answer.body);
    });
    await new Promise<void>((resolve) => domainServer.listen(0, "127.0.0.1", resolve));
    const port = (domainServer.address() as AddressInfo).port;
    harness = await createChatHarness({
      PARLEY_CUSTOM_DOMAIN_HOSTS: "alias.parley-test.com",
      PARLEY_CUSTOM_DOMAINS_ALLOWED: "allowed.parley-test.com",
      PARLEY_CUSTOM_DOMAIN_CHALLENGE_ADDRESS: `127.0.0.1:${port}`,
      // The listener is on a private address: only this domain's challenge may reach it.
      PARLEY_HTTP_ALLOWED_HOSTS: `chat.proof-test.com:${port}`,
    });
    base = harness.server.url;
    // PUBLIC_URL names a host this machine cannot resolve: set after start, the client keeps the listening address.
    harness.server.ctx.config.publicUrl = "http://builder.parley-test.com";
  });
  afterAll(async () => {
    await harness?.close();
    await new Promise((resolve) => domainServer.close(resolve));
  });

  async function claim(customDomain: string) {
    const conversation = await harness.conversation(bot());
    const patched = await harness.api.patch(`/v1/bots/${conversation.botId}`, { bot: { customDomain } });
    return { ...conversation, patched };
  }

  it("refuses a claim of PUBLIC_URL's host, of another name of this instance, of localhost", async () => {
    for (const domain of [
      "builder.parley-test.com",
      "BUILDER.parley-test.com/chat",
      "alias.parley-test.com",
      "app.localhost",
    ]) {
      const { patched } = await claim(domain);
      expect(patched.status, domain).toBe(400);
      expect(patched.body.code, domain).toBe("CUSTOM_DOMAIN_NOT_ALLOWED");
      expect(patched.body.message, domain).toMatch(
        /is a name this Parley instance answers on itself: it cannot be a bot's custom domain$/,
      );
    }
    const created = await harness.api.post("/v1/bots", {
      workspaceId: harness.workspaceId,
      bot: { name: "Shadow", customDomain: "builder.parley-test.com" },
    });
    expect(created.status).toBe(400);
    expect(created.body.code).toBe("CUSTOM_DOMAIN_NOT_ALLOWED");
  });

  it("serves an unproven claim nowhere, then serves it once the domain answers its token", async () => {
    const claimed = await claim("chat.proof-test.com");
    expect(claimed.patched.status).toBe(200);
    const status = await harness.api.get(`/v1/bots/${claimed.botId}/customDomain`);
    expect(status.status).toBe(200);
    const token = status.body.challenge.token as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(status.body).toEqual({
      domain: "chat.proof-test.com",
      challenge: { url: `http://chat.proof-test.com/.well-known/parley-challenge/${token}`, token },
      verifiedAt: null,
      allowedByOperator: false,
      isServed: false,
    });
    // Unproven: the domain's requests get no bot page (the builder answers as for any other host).
    expect((await pageRequest(base, "/", "chat.proof-test.com")).body).not.toContain(claimed.publicId);
    // Parley never answers a challenge itself: a host pointing at it proves nothing.
    const own = await pageRequest(base, `/.well-known/parley-challenge/${token}`, "chat.proof-test.com");
    expect(own.body).not.toBe(token);

    answer = { status: 200, body: "something else" };
    const wrong = await harness.api.post(`/v1/bots/${claimed.botId}/customDomain/verify`);
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({
      code: "DOMAIN_CHALLENGE_FAILED",
      message: `http://chat.proof-test.com/.well-known/parley-challenge/${token} did not answer with the token (another body)`,
    });
    expect(asked.at(-1)?.path).toBe(`/.well-known/parley-challenge/${token}`);
    expect(asked.at(-1)?.host).toMatch(/^chat\.proof-test\.com:\d+$/);
    expect((await pageRequest(base, "/", "chat.proof-test.com")).body).not.toContain(claimed.publicId);

    answer = { status: 200, body: `${token}\n` };
    const proven = await harness.api.post(`/v1/bots/${claimed.botId}/customDomain/verify`);
    expect(proven.status, JSON.stringify(proven.body)).toBe(200);
    expect(proven.body.isServed).toBe(true);
    expect(proven.body.verifiedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    const page = await pageRequest(base, "/", "chat.proof-test.com");
    expect(page.status).toBe(200);
    expect(page.body).toContain(`bot="${claimed.publicId}"`);

    // A new claim on the same bot proves itself anew.
    const moved = await harness.api.patch(`/v1/bots/${claimed.botId}`, {
      bot: { customDomain: "other.proof-test.com" },
    });
    expect(moved.status).toBe(200);
    const after = await harness.api.get(`/v1/bots/${claimed.botId}/customDomain`);
    expect(after.body.verifiedAt).toBeNull();
    expect(after.body.challenge.token).not.toBe(token);
    expect((await pageRequest(base, "/", "other.proof-test.com")).body).not.toContain(claimed.publicId);
  });

  it("fetches a challenge through the address guard: a domain resolving to a private address is not allowed", async () => {
    const claimed = await claim("private.proof-test.com");
    const before = asked.length;
    const refused = await harness.api.post(`/v1/bots/${claimed.botId}/customDomain/verify`);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      code: "DOMAIN_CHALLENGE_FAILED",
      message: "private.proof-test.com is not allowed: it points at a private address",
    });
    expect(asked.length).toBe(before);
    expect((await harness.api.get(`/v1/bots/${claimed.botId}/customDomain`)).body.isServed).toBe(false);
  });

  it("serves a domain the operator allowed without a challenge", async () => {
    const claimed = await claim("allowed.parley-test.com");
    expect(claimed.patched.status).toBe(200);
    const status = await harness.api.get(`/v1/bots/${claimed.botId}/customDomain`);
    expect(status.body).toMatchObject({ verifiedAt: null, allowedByOperator: true, isServed: true });
    expect((await pageRequest(base, "/", "allowed.parley-test.com")).body).toContain(`bot="${claimed.publicId}"`);
  });

  it("never shadows the builder on this instance's own names, whatever is stored", async () => {
    const claimed = await claim("legacy.proof-test.com");
    // A claim stored before this check existed, proven or not: still never served on the builder's host.
    await harness.server.ctx.store.db
      .updateTable("bots")
      .set({ customDomain: "builder.parley-test.com", customDomainVerifiedAt: new Date().toISOString() })
      .where("id", "=", claimed.botId)
      .execute();
    harness.server.ctx.customDomains.clear();
    for (const path of ["/", "/login", "/bots"])
      expect((await pageRequest(base, path, "builder.parley-test.com")).body, path).not.toContain(claimed.publicId);
  });
});
