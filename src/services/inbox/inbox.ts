import { AppError, notFound } from "../../errors.js";
import { handOffResumeMessage, type HandOffResume } from "../../engine/blocks/logic/hand-off.js";
import { createId } from "../../lib/ids.js";
import { type HandoffRow, HandoffsRepository, type InboxMessageRow } from "../../store/handoffs-repository.js";
import type { Caller } from "../../store/users-repository.js";
import { GUEST_READ_ONLY } from "../auth/write-access.js";
import { continueChat } from "../chat/continue-chat.js";
import type { AppContext } from "../context.js";
import { requireWorkspace } from "../workspaces.js";
import { handoffsOf, inboxSignal } from "./handoff-turns.js";
import { BACK_WITH_BOT_NOTICE, channelMessageRows, joinedNotice, plainMessage } from "./handoff-channels.js";
import { notifyOutbox } from "../outbox/outbox-worker.js";

/** At most this many chats in one Inbox list. */
export const INBOX_LIST_LIMIT = 200;

export type InboxChat = {
  id: string;
  sessionId: string;
  resultId: string | null;
  botId: string;
  channel: string;
  status: HandoffRow["status"];
  teamNote: string | null;
  operator: { userId: string; name: string } | null;
  requestedAt: string;
  takenAt: string | null;
  firstReplyAt: string | null;
  endedAt: string | null;
  timeoutAt: string | null;
};

export type InboxMessage = {
  id: string;
  author: InboxMessageRow["author"];
  authorName: string | null;
  text: string | null;
  fileUrl: string | null;
  createdAt: string;
};

export const toChat = (row: HandoffRow): InboxChat => ({
  id: row.id,
  sessionId: row.sessionId,
  resultId: row.resultId,
  botId: row.botId,
  channel: row.channel,
  status: row.status,
  teamNote: row.teamNote,
  operator: row.operatorUserId ? { userId: row.operatorUserId, name: row.operatorName ?? "" } : null,
  requestedAt: row.requestedAt,
  takenAt: row.takenAt,
  firstReplyAt: row.firstReplyAt,
  endedAt: row.endedAt,
  timeoutAt: row.timeoutAt,
});

export const toMessage = (row: InboxMessageRow): InboxMessage => ({
  id: row.id,
  author: row.author,
  authorName: row.authorName,
  text: row.text,
  fileUrl: row.fileUrl,
  createdAt: row.createdAt,
});

/** An operator's message as a messaging app shows it: the text, then the file's link. */
const operatorMessages = (message: InboxMessageRow) =>
  [message.text, message.fileUrl].filter((part): part is string => Boolean(part)).map(plainMessage);

/** ADMIN and MEMBER act on chats; a GUEST reads (403). */
export async function requireOperator(ctx: AppContext, caller: Caller, workspaceId: string) {
  const workspace = await requireWorkspace(ctx, caller, workspaceId);
  if (workspace.role === "GUEST") throw new AppError("FORBIDDEN", GUEST_READ_ONLY);
}

/** The workspace's hand-off, or 404 (also for another workspace's). */
export async function requireHandoff(ctx: AppContext, workspaceId: string, handoffId: string): Promise<HandoffRow> {
  const row = await handoffsOf(ctx).find(handoffId);
  if (!row || row.workspaceId !== workspaceId) throw notFound("Chat not found");
  return row;
}

/** The operator who has the chat is the caller; else 409 (waiting: take it first; someone else's). */
export function assertHolds(row: HandoffRow, caller: Caller): void {
  if (row.status === "taken" && row.operatorUserId === caller.userId) return;
  if (row.status === "waiting") throw new AppError("CONFLICT", "Take the chat before answering in it");
  if (row.status === "taken") throw new AppError("HAND_OFF_TAKEN", "Another operator has this chat");
  throw new AppError("HAND_OFF_NOT_WAITING", "This chat is no longer with a person");
}

const changed = (ctx: AppContext, row: HandoffRow) => {
  ctx.sessionSignals.publish(row.sessionId);
  ctx.sessionSignals.publish(inboxSignal(row.workspaceId));
};

export async function listInbox(ctx: AppContext, caller: Caller, workspaceId: string): Promise<InboxChat[]> {
  await requireWorkspace(ctx, caller, workspaceId);
  return (await handoffsOf(ctx).listOpen(workspaceId, caller.userId, INBOX_LIST_LIMIT)).map(toChat);
}

export async function getInboxChat(ctx: AppContext, caller: Caller, workspaceId: string, handoffId: string) {
  await requireWorkspace(ctx, caller, workspaceId);
  const row = await requireHandoff(ctx, workspaceId, handoffId);
  return { chat: toChat(row), messages: (await handoffsOf(ctx).messages(row.id)).map(toMessage) };
}

export async function takeInboxChat(ctx: AppContext, caller: Caller, workspaceId: string, handoffId: string) {
  await requireOperator(ctx, caller, workspaceId);
  const row = await requireHandoff(ctx, workspaceId, handoffId);
  const name = (await handoffsOf(ctx).userName(caller.userId)) ?? "Operator";
  const now = new Date().toISOString();
  // A messaging-app contact reads that a person joined, sent only by the take that won.
  const notice = await channelMessageRows(
    ctx,
    row,
    { messages: [plainMessage(joinedNotice(row.displayOperatorName ? name : null))] },
    now,
  );
  const took = await ctx.store.db.transaction().execute(async (trx) => {
    if (!(await new HandoffsRepository(trx, ctx.store.dialect).take(row.id, { userId: caller.userId, name }, now)))
      return false;
    if (notice.length > 0) await trx.insertInto("outbox").values(notice).execute();
    return true;
  });
  if (took) notifyOutbox(ctx, notice);
  if (!took) {
    const now = await handoffsOf(ctx).find(row.id);
    if (now?.status === "taken") throw new AppError("HAND_OFF_TAKEN", "Another operator took this chat first");
    throw new AppError("HAND_OFF_NOT_WAITING", "This chat is no longer waiting at its hand-off");
  }
  changed(ctx, row);
  return getInboxChat(ctx, caller, workspaceId, handoffId);
}

/** An operator's message to the visitor, or a note for the team (never shown to the visitor). */
export async function postInboxMessage(
  ctx: AppContext,
  caller: Caller,
  target: { workspaceId: string; handoffId: string },
  input: { text?: string; fileUrl?: string; note?: boolean },
): Promise<InboxMessage> {
  await requireOperator(ctx, caller, target.workspaceId);
  const row = await requireHandoff(ctx, target.workspaceId, target.handoffId);
  if (!input.note) assertHolds(row, caller);
  else if (row.status !== "waiting" && row.status !== "taken")
    throw new AppError("HAND_OFF_NOT_WAITING", "This chat is no longer with a person");
  const message: InboxMessageRow = {
    id: createId(),
    handoffId: row.id,
    author: input.note ? "note" : "operator",
    authorName: (await handoffsOf(ctx).userName(caller.userId)) ?? "Operator",
    userId: caller.userId,
    text: input.text ?? null,
    fileUrl: input.fileUrl ?? null,
    createdAt: new Date().toISOString(),
  };
  // The operator's words reach a messaging-app contact as the bot's messages, once they are saved.
  const toContact = input.note
    ? []
    : await channelMessageRows(ctx, row, { messages: operatorMessages(message) }, message.createdAt);
  await ctx.store.db.transaction().execute(async (trx) => {
    await new HandoffsRepository(trx, ctx.store.dialect).addMessage(message);
    if (toContact.length > 0) await trx.insertInto("outbox").values(toContact).execute();
  });
  notifyOutbox(ctx, toContact);
  changed(ctx, row);
  return toMessage(message);
}

/**
 * Gives the chat back to the flow (at `groupId`, else the block's handed-back exit), or closes it (the
 * chat stays where it is; the visitor can no longer reach a person there). Exactly once: the hand-off's
 * status moves first, and is put back if the turn cannot be saved.
 */
export async function endInboxChat(
  ctx: AppContext,
  caller: Caller,
  target: { workspaceId: string; handoffId: string },
  how: { kind: "handBack"; groupId?: string } | { kind: "close" },
): Promise<{ chat: InboxChat }> {
  await requireOperator(ctx, caller, target.workspaceId);
  const row = await requireHandoff(ctx, target.workspaceId, target.handoffId);
  if (row.status === "taken" && row.operatorUserId !== caller.userId)
    throw new AppError("HAND_OFF_TAKEN", "Another operator has this chat");
  const status = how.kind === "handBack" ? "handed_back" : "closed";
  if (!(await handoffsOf(ctx).end(row.id, ["waiting", "taken"], status, new Date().toISOString())))
    throw new AppError("HAND_OFF_NOT_WAITING", "This chat is no longer with a person");
  if (how.kind === "handBack") {
    const resume: HandOffResume = { handOff: "handedBack", ...(how.groupId ? { groupId: how.groupId } : {}) };
    try {
      await continueChat(ctx, row.sessionId, { message: handOffResumeMessage(resume) }, undefined, {
        blockId: row.blockId,
        handOff: true,
        notice: BACK_WITH_BOT_NOTICE,
      });
    } catch (error) {
      await handoffsOf(ctx).reopen(row.id, row.status === "taken" ? "taken" : "waiting", row.dueAt);
      throw error;
    }
  }
  changed(ctx, row);
  return { chat: toChat((await handoffsOf(ctx).find(row.id))!) };
}
