import { setTimeout as sleep } from "node:timers/promises";
import type { ChatReply } from "../../engine/chat-turn.js";
import { ChannelApiError } from "../../integrations/channels/channel-http.js";
import type { OutgoingPart } from "../../integrations/channels/outgoing.js";
import { createId, nowIso } from "../../lib/ids.js";
import type { AppContext } from "../context.js";
import { type ChannelCredentials, channelClient, channelsRepository } from "./channel-credentials.js";
import { replyParts } from "./reply-parts.js";

/** Who gets a reply: a contact of one messaging-app credential, and the result app errors are logged on. */
export type ChannelTarget = {
  credentials: ChannelCredentials;
  contactId: string;
  resultId?: string;
  /** WhatsApp shows "typing…" as an answer to this message. */
  inboundMessageId?: string;
};

/** The bot's typing emulation (settings.typingEmulation), as a messaging app can show it. */
export type TypingSettings = {
  enabled?: boolean;
  speed?: number;
  maxDelay?: number;
  delayBetweenBubbles?: number;
  isDisabledOnFirstMessage?: boolean;
};

/** The reference's cap on one wait: a reply never holds the contact's next message longer. */
const LONGEST_PAUSE_MS = 10_000;

function partWords(part: OutgoingPart): number {
  const text = part.kind === "plain" ? part.text : part.kind === "text" ? JSON.stringify(part.richText) : "";
  return text.split(/\s+/).filter(Boolean).length;
}

function typingPauseMs(part: OutgoingPart, typing: TypingSettings): number {
  if (!typing.enabled || (part.kind !== "text" && part.kind !== "buttons")) return 0;
  const seconds = (partWords(part) / (typing.speed || 400)) * 60;
  return Math.min(seconds, typing.maxDelay ?? 3, LONGEST_PAUSE_MS / 1000) * 1000;
}

/**
 * Sends one chat reply to one contact: every part as the app's messages, with typing and the bot's
 * pauses, and remembers the choices it offered (answered by number or label later). A part the app
 * refuses (after retries) becomes an error log on the result; the parts after it are still sent.
 * The one way replies reach messaging apps: turns use it, and so can server-side timeouts.
 */
export async function sendReplyToContact(
  ctx: AppContext,
  target: ChannelTarget,
  reply: ChatReply,
  options: { typing?: TypingSettings; isFirstMessage?: boolean } = {},
): Promise<void> {
  const { parts, offered } = replyParts(reply, createId().slice(0, 8));
  const repository = channelsRepository(ctx);
  await repository.saveContact(
    target.credentials.id,
    target.contactId,
    { offered: offered ? JSON.stringify(offered) : null },
    nowIso(),
  );
  const client = channelClient(ctx, target.credentials);
  const typing =
    options.isFirstMessage && options.typing?.isDisabledOnFirstMessage !== false ? {} : (options.typing ?? {});
  const betweenMs = Math.min((typing.delayBetweenBubbles ?? 0) * 1000, LONGEST_PAUSE_MS);
  const failures: { description: string; details: unknown }[] = [];
  for (const [index, part] of parts.entries()) {
    try {
      const pauseMs = typingPauseMs(part, typing);
      if (pauseMs > 0) {
        await client.typing(target.contactId, target.inboundMessageId);
        await sleep(pauseMs);
      }
      await client.send(target.contactId, part);
      if (betweenMs > 0 && index < parts.length - 1) await sleep(betweenMs);
    } catch (error) {
      failures.push({
        description: error instanceof Error ? error.message : String(error),
        details:
          error instanceof ChannelApiError ? { status: error.status, body: error.details, part: part.kind } : undefined,
      });
    }
  }
  if (failures.length > 0 && target.resultId) {
    const now = nowIso();
    await ctx.results.insertLogs(
      ctx.store.db,
      failures.map((failure) => ({
        id: createId(),
        resultId: target.resultId!,
        status: "error",
        description: failure.description,
        details: failure.details === undefined ? null : JSON.stringify(failure.details),
        context: `Sending to ${target.credentials.channel}`,
        createdAt: now,
      })),
    );
  }
}
