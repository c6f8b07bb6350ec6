import type { Insertable } from "kysely";
import type { ChatReply } from "../../engine/chat-turn.js";
import { AppError } from "../../errors.js";
import { createId } from "../../lib/ids.js";
import type { OutboxRow, OutboxTable } from "../../store/database.js";
import { channelsRepository, requireChannelCredentials } from "../channels/channel-credentials.js";
import { sendReplyToContact } from "../channels/send-reply.js";
import type { AppContext } from "../context.js";
import type { OutboxOutcome } from "../outbox/outbox-outcome.js";

/** The outbox kind of a message to a messaging-app contact that no turn of theirs answers. */
export const CHANNEL_MESSAGE_KIND = "channel message";

/** What a "channel message" item holds: the contact, and the reply to send them as the bot's messages. */
type ChannelMessagePayload = { workspaceId: string; credentialsId: string; contactId: string; reply: ChatReply };

/** The notices a contact on WhatsApp or Telegram reads, the web client's words. */
export const joinedNotice = (name: string | null) => `${name || "A person"} joined the chat`;
export const BACK_WITH_BOT_NOTICE = "You're back with the bot";

/** A text message of the bot's host, as a reply's message. */
export const plainMessage = (text: string) =>
  ({ id: createId(), type: "text", content: { type: "markdown", markdown: text } }) as ChatReply["messages"][number];

/**
 * The outbox item that sends `reply` to the messaging-app contact whose chat is the session; none for a
 * chat of the web client (it hears the session's events instead). Written with what caused it (a take,
 * an operator's message, the turn of a hand back), so the contact hears of it only once it is saved.
 */
export async function channelMessageRows(
  ctx: AppContext,
  target: { sessionId: string; workspaceId: string; channel: string; resultId: string | null | undefined },
  reply: ChatReply,
  now: string,
): Promise<Insertable<OutboxTable>[]> {
  if (target.channel !== "whatsapp" && target.channel !== "telegram") return [];
  if (reply.messages.length === 0) return [];
  const contact = await channelsRepository(ctx).contactOfSession(target.sessionId);
  if (!contact) return [];
  const payload: ChannelMessagePayload = { workspaceId: target.workspaceId, ...contact, reply };
  return [
    {
      id: createId(),
      kind: CHANNEL_MESSAGE_KIND,
      payload: JSON.stringify(payload),
      resultId: target.resultId ?? null,
      targetId: null,
      status: "pending",
      attempts: 0,
      dueAt: now,
      createdAt: now,
    },
  ];
}

/**
 * Sends one item through the channel's send path (send-reply.ts): a part the app refuses becomes an
 * error log on the result, like any reply's; a channel deleted since fails the item for good.
 */
export async function attemptChannelMessage(ctx: AppContext, item: OutboxRow): Promise<OutboxOutcome> {
  const payload = JSON.parse(item.payload) as ChannelMessagePayload;
  try {
    const credentials = await requireChannelCredentials(ctx, payload.workspaceId, payload.credentialsId);
    await sendReplyToContact(
      ctx,
      { credentials, contactId: payload.contactId, ...(item.resultId ? { resultId: item.resultId } : {}) },
      payload.reply,
    );
    return { ok: true };
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return { ok: false, error: error.message, permanent: true };
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}
