import type { Caller } from "../../store/users-repository.js";
import { Wakeup } from "../background/wakeup.js";
import type { AppContext } from "../context.js";
import { requireWorkspace } from "../workspaces.js";
import { handoffsOf, inboxSignal } from "./handoff-turns.js";
import { INBOX_LIST_LIMIT, type InboxChat, type InboxMessage, toChat, toMessage } from "./inbox.js";

/** A stream's look at the Inbox when no signal came (one lost while a connection was down): also its heartbeat. */
export const INBOX_EVENTS_CHECK_MS = 15_000;

/**
 * What an operator's Inbox page is told: `chats`, the open chats in Inbox order, once when it connects
 * (again after a reconnect); then `chat` each time one appears or changes (taken; handed back, closed or
 * timed out, which is its last), `message` for each visitor message, operator reply and note said
 * after the stream opened, and `ping` after a quiet check.
 */
export type InboxEvent =
  | { event: "chats"; data: { chats: InboxChat[] } }
  | { event: "chat"; data: { chat: InboxChat } }
  | { event: "message"; data: { handoffId: string; message: InboxMessage } }
  | { event: "ping" };

/** What this stream already told its client: each open chat as sent, and the ids of the messages it saw. */
type Sent = { chats: Map<string, { chat: InboxChat; json: string }>; messageIds: Set<string> };

/**
 * The Inbox as it is now against what the client was sent. Only the workspace id travels in the
 * signal (across instances on PostgreSQL); the news is always read from the database, so a signal
 * that arrives twice or late costs a read, never a wrong event.
 */
async function inboxNews(ctx: AppContext, caller: Caller, workspaceId: string, sent: Sent): Promise<InboxEvent[]> {
  const handoffs = handoffsOf(ctx);
  const open = (await handoffs.listOpen(workspaceId, caller.userId, INBOX_LIST_LIMIT)).map(toChat);
  const news: InboxEvent[] = [];
  const openIds = new Set(open.map((chat) => chat.id));
  for (const chat of open) {
    const json = JSON.stringify(chat);
    if (sent.chats.get(chat.id)?.json === json) continue;
    sent.chats.set(chat.id, { chat, json });
    news.push({ event: "chat", data: { chat } });
  }
  for (const message of await handoffs.messagesOf([...openIds])) {
    if (sent.messageIds.has(message.id)) continue;
    sent.messageIds.add(message.id);
    news.push({ event: "message", data: { handoffId: message.handoffId, message: toMessage(message) } });
  }
  for (const id of [...sent.chats.keys()]) {
    if (openIds.has(id)) continue;
    sent.chats.delete(id);
    // Ended (its last word), or pushed past the list's length by older waiting chats (gone from the page).
    const row = await handoffs.find(id);
    if (row && row.status !== "waiting" && row.status !== "taken")
      news.push({ event: "chat", data: { chat: toChat(row) } });
  }
  return news;
}

/**
 * Opens the Inbox's live updates for a member of the workspace (GUEST included: it only reads). It
 * listens before it first reads, so a change that lands in between is seen either way.
 */
export async function openInboxEvents(
  ctx: AppContext,
  caller: Caller,
  workspaceId: string,
  closed: AbortSignal,
): Promise<AsyncGenerator<InboxEvent>> {
  await requireWorkspace(ctx, caller, workspaceId);
  const wakeup = new Wakeup();
  const unsubscribe = await ctx.sessionSignals.subscribe(inboxSignal(workspaceId), () => wakeup.notify());
  const wake = () => wakeup.notify();
  closed.addEventListener("abort", wake);
  const stop = () => {
    unsubscribe();
    closed.removeEventListener("abort", wake);
  };
  const sent: Sent = { chats: new Map(), messageIds: new Set() };
  let first: InboxChat[];
  try {
    const handoffs = handoffsOf(ctx);
    first = (await handoffs.listOpen(workspaceId, caller.userId, INBOX_LIST_LIMIT)).map(toChat);
    for (const chat of first) sent.chats.set(chat.id, { chat, json: JSON.stringify(chat) });
    for (const message of await handoffs.messagesOf(first.map((chat) => chat.id))) sent.messageIds.add(message.id);
  } catch (error) {
    stop();
    throw error;
  }
  return (async function* events(): AsyncGenerator<InboxEvent> {
    try {
      yield { event: "chats", data: { chats: first } };
      for (;;) {
        await wakeup.wait(INBOX_EVENTS_CHECK_MS);
        if (closed.aborted || ctx.sessionSignals.closed) return;
        const news = await inboxNews(ctx, caller, workspaceId, sent);
        if (news.length === 0) yield { event: "ping" };
        else yield* news;
      }
    } finally {
      stop();
    }
  })();
}
