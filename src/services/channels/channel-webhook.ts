import { AppError } from "../../errors.js";
import { ChannelApiError } from "../../integrations/channels/channel-http.js";
import { isTelegramSecretValid, telegramInbound } from "../../integrations/channels/telegram/telegram-inbound.js";
import { isWhatsAppSignatureValid, whatsAppInbound } from "../../integrations/channels/whatsapp/whatsapp-inbound.js";
import { type InboundItem, telegramUpdateSchema, whatsAppWebhookSchema } from "../../schemas/channels.js";
import { nowIso } from "../../lib/ids.js";
import type { Caller } from "../../store/users-repository.js";
import type { AppContext } from "../context.js";
import { requireCredentialsAdmin } from "../credentials.js";
import { channelsRepository, requireChannelCredentials, telegramClientFor } from "./channel-credentials.js";
import { runContactTurns, type TurnOptions } from "./contact-turns.js";

/** Messages the app sent longer ago than this are dropped: an answer that late would only confuse. */
const OLDEST_MESSAGE_MS = 3 * 60_000;

let lastReceivedMs = 0;
/**
 * Receipt times that never repeat in this process: two messages of one contact sent in the same
 * second (the apps' timestamps are seconds) keep the order they arrived in.
 */
function receiptTime(): string {
  lastReceivedMs = Math.max(Date.now(), lastReceivedMs + 1);
  return new Date(lastReceivedMs).toISOString();
}

export type WebhookHeaders = { signature?: string; secretToken?: string };

/** WhatsApp's subscription handshake: the challenge back when the verify token is the credential's. */
export async function answerHandshake(
  ctx: AppContext,
  workspaceId: string,
  credentialsId: string,
  query: { "hub.verify_token"?: string; "hub.challenge"?: string },
): Promise<string> {
  const credentials = await requireChannelCredentials(ctx, workspaceId, credentialsId);
  if (credentials.channel !== "whatsapp")
    throw new AppError("NOT_FOUND", "Telegram makes no handshake: connect instead");
  if (query["hub.verify_token"] !== credentials.data.verifyToken)
    throw new AppError("WEBHOOK_SIGNATURE_INVALID", "Wrong verify token");
  return query["hub.challenge"] ?? "";
}

function parseBody(rawBody: Buffer): unknown {
  try {
    return JSON.parse(rawBody.toString("utf8"));
  } catch {
    throw new AppError("BAD_REQUEST", "The webhook body is not JSON");
  }
}

function invalidBody(issues: { path: PropertyKey[]; message: string }[]): AppError {
  return new AppError("BAD_REQUEST", "The webhook body is not a message the app sends", {
    issues: issues.slice(0, 20).map((issue) => ({ path: issue.path.join("."), message: issue.message })),
  });
}

/**
 * A webhook call: checked (signature or secret token, else 401 and nothing kept), its fresh, unseen
 * messages queued, and their turns started without waiting: the app gets its answer at once.
 */
export async function receiveWebhook(
  ctx: AppContext,
  workspaceId: string,
  credentialsId: string,
  rawBody: Buffer,
  headers: WebhookHeaders,
  options: TurnOptions,
): Promise<void> {
  const credentials = await requireChannelCredentials(ctx, workspaceId, credentialsId);
  const nowMs = Date.now();
  let items: InboundItem[];
  if (credentials.channel === "whatsapp") {
    if (!isWhatsAppSignatureValid(rawBody, headers.signature, credentials.data.appSecret))
      throw new AppError("WEBHOOK_SIGNATURE_INVALID", "Missing or wrong X-Hub-Signature-256");
    const parsed = whatsAppWebhookSchema.safeParse(parseBody(rawBody));
    if (!parsed.success) throw invalidBody(parsed.error.issues);
    items = whatsAppInbound(parsed.data, credentials.data.phoneNumberId);
  } else {
    if (!isTelegramSecretValid(headers.secretToken, credentials.data.secretToken))
      throw new AppError("WEBHOOK_SIGNATURE_INVALID", "Missing or wrong X-Telegram-Bot-Api-Secret-Token");
    const parsed = telegramUpdateSchema.safeParse(parseBody(rawBody));
    if (!parsed.success) throw invalidBody(parsed.error.issues);
    items = telegramInbound(parsed.data, nowMs);
  }
  // Refused whole before anything is kept: each message becomes a contact turn.
  const most = ctx.config.traffic.channels.messagesPerRequest;
  if (items.length > most)
    throw new AppError(
      "PAYLOAD_TOO_LARGE",
      `The webhook call carries ${items.length} messages; at most ${most} are taken per call`,
    );
  const repository = channelsRepository(ctx);
  const contacts = new Set<string>();
  for (const item of items) {
    if (item.sentAtMs < nowMs - OLDEST_MESSAGE_MS) continue;
    const isNew = await repository.addToInbox({
      credentialsId: credentials.id,
      messageId: item.messageId,
      contactId: item.contactId,
      message: JSON.stringify(item.message),
      sentAt: new Date(item.sentAtMs).toISOString(),
      receivedAt: receiptTime(),
      processedAt: null,
    });
    if (isNew) contacts.add(item.contactId);
  }
  for (const contactId of contacts)
    void runContactTurns(ctx, credentials, contactId, options).catch((error) =>
      options.onError(error, { credentialsId: credentials.id, contactId }),
    );
  void repository.forgetOldMessages(credentials.id, nowIso()).catch(() => undefined);
}

/** The URL a credential's app calls: on PUBLIC_URL, never on the address a request happened to name. */
export const channelWebhookUrl = (publicUrl: string, workspaceId: string, credentialsId: string) =>
  `${publicUrl}/api/v1/workspaces/${workspaceId}/channels/${credentialsId}/webhook`;

export const PUBLIC_URL_NOT_SET =
  "Set PUBLIC_URL to the https:// address the internet reaches this server at, and restart Parley: the messaging app sends its messages there";

/**
 * Connects a credential's app to Parley, an admin's act (it decides where the app's messages and
 * secret token go): Telegram is told the webhook URL and secret token; WhatsApp cannot be told by API
 * here, so the URL and verify token come back to paste into Meta's dashboard. The URL is PUBLIC_URL's;
 * without PUBLIC_URL there is no address the app could call (409).
 */
export async function connectChannel(ctx: AppContext, caller: Caller, workspaceId: string, credentialsId: string) {
  await requireCredentialsAdmin(ctx, caller, workspaceId);
  const credentials = await requireChannelCredentials(ctx, workspaceId, credentialsId);
  if (!ctx.config.publicUrlConfigured) throw new AppError("PUBLIC_URL_NOT_SET", PUBLIC_URL_NOT_SET);
  const webhookUrl = channelWebhookUrl(ctx.config.publicUrl, workspaceId, credentialsId);
  if (credentials.channel === "whatsapp")
    return { channel: credentials.channel, webhookUrl, registered: false, verifyToken: credentials.data.verifyToken };
  try {
    await telegramClientFor(ctx, credentials).setWebhook(webhookUrl);
  } catch (error) {
    throw new AppError("CHANNEL_CONNECT_FAILED", error instanceof ChannelApiError ? error.message : String(error));
  }
  return { channel: credentials.channel, webhookUrl, registered: true };
}
