import { expect } from "vitest";
import { type ChannelFakes, startChannelFakes, whatsAppSignature } from "./channel-fakes.js";
import { buildBot, type BotSpec } from "./bot-builder.js";
import { createClient } from "./http-client.js";
import { startTestServer, type TestServer } from "./test-server.js";

export const WHATSAPP = {
  phoneNumberId: "1098765",
  accessToken: "wa-access-token",
  appSecret: "wa-app-secret",
  verifyToken: "wa-verify-token",
};
export const TELEGRAM = { botToken: "123456:telegram-bot-token", secretToken: "tg_secret-token" };

/** A Parley server whose messaging-app API URLs point at local fakes, with a user and its workspace. */
export type ChannelHarness = {
  server: TestServer;
  fakes: ChannelFakes;
  workspaceId: string;
  api: ReturnType<typeof createClient>;
  /** Creates credentials of a messaging app; returns their id. */
  credentials(type: "whatsapp" | "telegram"): Promise<string>;
  /** Creates and publishes a bot running on the credential (typing emulation off unless the spec sets it). */
  publishBot(credentialsId: string, spec: BotSpec, chatApp?: Record<string, unknown>): Promise<string>;
  webhookPath(credentialsId: string): string;
  postWhatsApp(credentialsId: string, body: unknown, signature?: string): Promise<{ status: number; body: any }>;
  postTelegram(credentialsId: string, update: unknown, secret?: string): Promise<{ status: number; body: any }>;
  close(): Promise<void>;
};

/** `env`: more settings of the server (e.g. a quick PARLEY_IDLE_POLL_MS). */
export async function createChannelHarness(env: Record<string, string> = {}): Promise<ChannelHarness> {
  const fakes = await startChannelFakes();
  const server = await startTestServer({
    // Connecting an app needs PUBLIC_URL; its port 0 becomes the server's own once it listens.
    PUBLIC_URL: "http://localhost:0",
    ...env,
    PARLEY_WHATSAPP_API_URL: fakes.whatsappUrl,
    PARLEY_TELEGRAM_API_URL: fakes.telegramUrl,
    // The WhatsApp media address comes from the app's answer and goes through the SSRF guard.
    PARLEY_HTTP_ALLOWED_HOSTS: "127.0.0.1",
  });
  const user = await server.createUser();
  const api = createClient(server.baseUrl, user.token);
  const raw = createClient(server.baseUrl);
  const webhookPath = (credentialsId: string) => `/v1/workspaces/${user.workspaceId}/channels/${credentialsId}/webhook`;
  return {
    server,
    fakes,
    workspaceId: user.workspaceId,
    api,
    async credentials(type) {
      const data = type === "whatsapp" ? WHATSAPP : TELEGRAM;
      const created = await api.post(`/v1/workspaces/${user.workspaceId}/credentials`, { type, name: type, data });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      return created.body.credentials.id as string;
    },
    async publishBot(credentialsId, spec, chatApp = {}) {
      const bot = buildBot({
        ...spec,
        settings: {
          typingEmulation: { enabled: false },
          chatApp: { isEnabled: true, ...chatApp },
          ...(spec.settings as object),
        },
      }) as Record<string, unknown>;
      const created = await api.post("/v1/bots", { workspaceId: user.workspaceId, bot });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const botId = created.body.bot.id as string;
      // The builder's "Messaging apps" setting: which credential the bot answers on.
      const linked = await api.patch(`/v1/bots/${botId}`, { bot: { chatAppCredentialsId: credentialsId } });
      expect(linked.status, JSON.stringify(linked.body)).toBe(200);
      const published = await api.post(`/v1/bots/${botId}/publish`);
      expect(published.status, JSON.stringify(published.body)).toBe(200);
      return botId;
    },
    webhookPath,
    postWhatsApp(credentialsId, body, signature) {
      const text = JSON.stringify(body);
      return raw.post(webhookPath(credentialsId), text, {
        "x-hub-signature-256": signature ?? whatsAppSignature(WHATSAPP.appSecret, text),
      });
    },
    postTelegram(credentialsId, update, secret = TELEGRAM.secretToken) {
      return raw.post(webhookPath(credentialsId), update, { "x-telegram-bot-api-secret-token": secret });
    },
    async close() {
      await server.close();
      await fakes.close();
    },
  };
}
