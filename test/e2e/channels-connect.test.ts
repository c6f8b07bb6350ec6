import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GUEST_READ_ONLY } from "../../src/services/auth/write-access.js";
import { PUBLIC_URL_NOT_SET } from "../../src/services/channels/channel-webhook.js";
import { type ChannelHarness, createChannelHarness, TELEGRAM } from "../helpers/channel-harness.js";
import { createClient } from "../helpers/http-client.js";

/**
 * Connecting a messaging app decides where the app sends every message and its secret token: only a
 * workspace's admins may do it, and the URL comes from PUBLIC_URL alone (issue 31, item 7).
 */
let h: ChannelHarness;
let telegramId: string;
let whatsAppId: string;
const setWebhook = `/tg/bot${TELEGRAM.botToken}/setWebhook`;

beforeAll(async () => {
  // Behind a trusted proxy X-Forwarded-Host would be the request's host: it must still not count.
  h = await createChannelHarness({ PARLEY_TRUST_PROXY: "on" });
  telegramId = await h.credentials("telegram");
  whatsAppId = await h.credentials("whatsapp");
});
afterAll(async () => {
  await h?.close();
});

const connectPath = (credentialsId: string) => `/v1/workspaces/${h.workspaceId}/channels/${credentialsId}/connect`;
const setWebhookCalls = () => h.fakes.calls.filter((call) => call.path === setWebhook);

async function memberOf(role: "MEMBER" | "GUEST") {
  const user = await h.server.createUser();
  await h.server.ctx.workspaces.addMember(h.workspaceId, user.userId, role);
  return createClient(h.server.baseUrl, user.token);
}

/** A POST with the Host and X-Forwarded-* headers of the caller's choosing (fetch cannot set Host). */
function postWithHost(path: string, token: string, headers: Record<string, string>) {
  const { port } = new URL(h.server.url);
  return new Promise<{ status: number; body: any }>((resolve, reject) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port,
        method: "POST",
        path: `/api${path}`,
        headers: { authorization: `Bearer ${token}`, ...headers },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString("utf8")) }),
        );
      },
    );
    request.once("error", reject);
    request.end();
  });
}

describe("connecting a messaging app", () => {
  it("is refused to a member (403 ADMIN_ONLY): Telegram is told nothing, the WhatsApp verify token stays hidden", async () => {
    const member = await memberOf("MEMBER");
    const before = setWebhookCalls().length;
    const adminOnly = {
      status: 403,
      body: { code: "ADMIN_ONLY", message: "Only the workspace's admins can manage its credentials" },
    };
    const telegram = await member.post(connectPath(telegramId));
    const whatsApp = await member.post(connectPath(whatsAppId));
    expect([telegram, whatsApp].map(({ status, body }) => ({ status, body }))).toEqual([adminOnly, adminOnly]);
    expect(JSON.stringify(whatsApp.body)).not.toContain("wa-verify-token");
    expect(setWebhookCalls().length).toBe(before);
  });

  it("is refused to a guest (403)", async () => {
    const guest = await memberOf("GUEST");
    const refused = await guest.post(connectPath(telegramId));
    expect({ status: refused.status, body: refused.body }).toEqual({
      status: 403,
      body: { code: "FORBIDDEN", message: GUEST_READ_ONLY },
    });
  });

  it("registers PUBLIC_URL's address whatever Host and X-Forwarded-Host the request carries", async () => {
    const { token, userId } = await h.server.createUser();
    await h.server.ctx.workspaces.addMember(h.workspaceId, userId, "ADMIN");
    const forged = { host: "attacker.example", "x-forwarded-host": "attacker.example", "x-forwarded-proto": "https" };
    const webhookUrl = `${h.server.url}/api/v1/workspaces/${h.workspaceId}/channels/${telegramId}/webhook`;
    const telegram = await postWithHost(connectPath(telegramId), token, forged);
    expect(telegram).toEqual({ status: 200, body: { channel: "telegram", registered: true, webhookUrl } });
    expect(setWebhookCalls().at(-1)!.body).toMatchObject({ url: webhookUrl, secret_token: TELEGRAM.secretToken });
    const whatsApp = await postWithHost(connectPath(whatsAppId), token, forged);
    expect(whatsApp.body.webhookUrl).toBe(
      `${h.server.url}/api/v1/workspaces/${h.workspaceId}/channels/${whatsAppId}/webhook`,
    );
    expect(JSON.stringify(setWebhookCalls())).not.toContain("attacker.example");
  });
});

describe("connecting on a server without PUBLIC_URL", () => {
  it("answers 409 PUBLIC_URL_NOT_SET and tells Telegram nothing", async () => {
    const bare = await createChannelHarness({ PUBLIC_URL: "" });
    try {
      const credentialsId = await bare.credentials("telegram");
      const refused = await bare.api.post(`/v1/workspaces/${bare.workspaceId}/channels/${credentialsId}/connect`);
      expect({ status: refused.status, body: refused.body }).toEqual({
        status: 409,
        body: { code: "PUBLIC_URL_NOT_SET", message: PUBLIC_URL_NOT_SET },
      });
      expect(bare.fakes.calls.filter((call) => call.path === setWebhook)).toEqual([]);
    } finally {
      await bare.close();
    }
  });
});
