import type { Insertable } from "kysely";
import type { TurnResult } from "../../engine/chat-turn.js";
import type { RuntimeBot } from "../../engine/runtime-bot.js";
import type { SessionState } from "../../engine/session-state.js";
import { createId } from "../../lib/ids.js";
import type { ChatMessage } from "../../schemas/chat.js";
import type { OutboxTable } from "../../store/database.js";
import type { HandoffsTable } from "../../store/handoff-tables.js";
import { HandoffsRepository } from "../../store/handoffs-repository.js";
import type { AppContext } from "../context.js";
import { webhookItems } from "../webhooks/webhook-events.js";

export const handoffsOf = (ctx: AppContext) => new HandoffsRepository(ctx.store.db, ctx.store.dialect);

/** The name the Inbox's live updates travel under (the session signals, across instances on PostgreSQL). */
export const inboxSignal = (workspaceId: string) => `inbox:${workspaceId}`;

/** The chat waits at a Hand off to a person block of the bot it runs. */
export function waitsAtHandOff(bot: RuntimeBot, state: SessionState): boolean {
  if (state.status !== "waiting" || !state.currentBlockId) return false;
  return bot.blockById.get(state.currentBlockId)?.block.type === "hand off";
}

/** A turn as the hand-off writes see it. */
export type HandOffTurn = {
  sessionId: string;
  bot: RuntimeBot;
  turn: TurnResult;
  resultId: string | undefined;
  now: string;
};

/**
 * The Inbox entry of a turn that reached a hand-off: waiting, with the block's timeout as a durable
 * schedule. Written with the turn (TurnWrite.handoffs), so a turn that is not saved leaves no entry.
 * Chats outside a workspace (none so far) are left out.
 */
export function handOffRows(target: HandOffTurn): Insertable<HandoffsTable>[] {
  const action = target.turn.reply.clientSideActions?.find((candidate) => candidate.type === "handOff");
  const { state } = target.turn;
  if (target.turn.ended || !action || !state.workspaceId || state.currentBlockId !== action.blockId) return [];
  const block = target.bot.blockById.get(String(action.blockId))?.block;
  const options = block?.type === "hand off" ? block.options : undefined;
  const timeoutAt = options?.timeoutSeconds
    ? new Date(Date.parse(target.now) + options.timeoutSeconds * 1000).toISOString()
    : null;
  return [
    {
      id: createId(),
      sessionId: target.sessionId,
      resultId: target.resultId ?? null,
      workspaceId: state.workspaceId,
      botId: state.currentBotId ?? target.bot.id,
      channel: state.chatApp?.channel ?? (state.mode === "preview" ? "preview" : "web"),
      blockId: String(action.blockId),
      teamNote: options?.teamNote ?? null,
      displayOperatorName: options?.displayOperatorName === false ? 0 : 1,
      status: "waiting",
      operatorUserId: null,
      operatorName: null,
      requestedAt: target.now,
      takenAt: null,
      firstReplyAt: null,
      endedAt: null,
      timeoutAt,
      dueAt: timeoutAt,
    },
  ];
}

/** Where an operator opens a waiting chat: the builder's Inbox page, in its workspace, with the chat open. */
export const inboxChatUrl = (ctx: Pick<AppContext, "config">, workspaceId: string, handoffId: string) =>
  `${ctx.config.publicUrl}/inbox?${new URLSearchParams({ workspace: workspaceId, chat: handoffId })}`;

/**
 * The `chat.handoff` deliveries of a live chat's hand-off, to the session's bot's webhooks that
 * subscribe to it: in the turn's outbox, so they go out once the hand-off is saved, and never otherwise.
 */
export async function handOffWebhookRows(
  ctx: AppContext,
  target: Pick<HandOffTurn, "bot" | "resultId" | "now">,
  handoffs: readonly Insertable<HandoffsTable>[],
): Promise<Insertable<OutboxTable>[]> {
  if (handoffs.length === 0 || !target.resultId) return [];
  const targets = await ctx.webhookTargets.get(target.bot.id);
  if (targets.length === 0) return [];
  const events = handoffs.map((row) => ({
    type: "chat.handoff",
    timestamp: target.now,
    data: {
      workspaceId: row.workspaceId,
      botId: row.botId,
      handoffId: row.id,
      resultId: row.resultId,
      channel: row.channel,
      teamNote: row.teamNote ?? null,
      inboxUrl: inboxChatUrl(ctx, row.workspaceId, row.id),
    },
  }));
  return webhookItems(targets, events, target.resultId, target.now);
}

/** Once the turn that wrote them is saved: the workspaces' Inbox lists hear of the new chats. */
export function announceHandOffs(ctx: AppContext, handoffs: readonly Insertable<HandoffsTable>[]): void {
  for (const row of handoffs) ctx.sessionSignals.publish(inboxSignal(row.workspaceId));
}

/** What the visitor said, as the Inbox keeps it: the text, and the first file they attached. */
function visitorWords(message: ChatMessage | null | undefined): { text: string | null; fileUrl: string | null } {
  if (message === null || message === undefined) return { text: null, fileUrl: null };
  if (typeof message === "string") return { text: message, fileUrl: null };
  if (message.type === "text") return { text: message.text, fileUrl: message.attachedFileUrls?.[0] ?? null };
  if (message.type === "audio") return { text: null, fileUrl: message.url };
  return { text: null, fileUrl: null };
}

/**
 * A visitor's message while the chat is with a person (or waits for one): kept in the Inbox, and the
 * flow does not run. The reply to the visitor is empty; the operator answers through the events stream.
 */
export async function visitorMessageToInbox(
  ctx: AppContext,
  sessionId: string,
  message: ChatMessage | null | undefined,
): Promise<{ messages: [] }> {
  const words = visitorWords(message);
  const handoff = await handoffsOf(ctx).openForSession(sessionId);
  if (handoff && (words.text || words.fileUrl)) {
    await handoffsOf(ctx).addMessage({
      id: createId(),
      handoffId: handoff.id,
      author: "visitor",
      authorName: null,
      userId: null,
      text: words.text,
      fileUrl: words.fileUrl,
      createdAt: new Date().toISOString(),
    });
    ctx.sessionSignals.publish(inboxSignal(handoff.workspaceId));
  }
  return { messages: [] };
}
