import { AppError } from "../../errors.js";
import { loadSessionState } from "../../schemas/session-state-upgrade.js";
import { Wakeup } from "../background/wakeup.js";
import type { AppContext } from "../context.js";
import { handoffsOf } from "../inbox/handoff-turns.js";
import { assertOriginAllowed, type CallingOrigin } from "./origin.js";
import { requireLiveSession, sessionBot } from "./sessions.js";

/** A stream's check of the session when no signal came (a signal lost while a connection was down). */
export const SESSION_EVENTS_CHECK_MS = 15_000;

/**
 * What the visitor's client is told while its chat waits at a wait-for-webhook or hand-off block: `waiting`
 * (a heartbeat, also after each check), then `reply` with the turn the call produced (the same body
 * as continueChat's), or `gone` when the chat moved on some other way.
 */
export type SessionEvent =
  | { event: "waiting" }
  | { event: "reply"; data: Record<string, unknown> }
  | { event: "gone" }
  | { event: "joined"; data: { name: string | null } }
  | { event: "operator"; data: { id: string; text: string | null; fileUrl: string | null; name: string | null } };

/** What a stream at a hand-off already told the client: the person joining, and their messages by id. */
type HandOffSeen = { joined: boolean; messageIds: Set<string> };

/**
 * While the chat is at a hand-off: the operator joining (named when the block allows it) and their
 * messages the client has not had yet. Notes for the team never leave the Inbox.
 */
async function handOffNews(ctx: AppContext, sessionId: string, blockId: string, seen: HandOffSeen) {
  const news: SessionEvent[] = [];
  const handoffs = handoffsOf(ctx);
  const handoff = await handoffs.latestForSession(sessionId);
  if (!handoff || handoff.blockId !== blockId || handoff.status === "waiting") return news;
  const name = handoff.displayOperatorName ? handoff.operatorName : null;
  if (!seen.joined && handoff.operatorUserId) {
    seen.joined = true;
    news.push({ event: "joined", data: { name } });
  }
  for (const message of await handoffs.messages(handoff.id)) {
    if (message.author !== "operator" || seen.messageIds.has(message.id)) continue;
    seen.messageIds.add(message.id);
    news.push({ event: "operator", data: { id: message.id, text: message.text, fileUrl: message.fileUrl, name } });
  }
  return news;
}

type Standing = { kind: "waiting" } | { kind: "reply"; reply: Record<string, unknown> } | { kind: "gone" };

/** Where the session stands for a client listening at `blockId`, read from the database. */
async function standing(ctx: AppContext, sessionId: string, blockId: string): Promise<Standing> {
  const session = await ctx.chat.findSession(sessionId);
  if (!session) return { kind: "gone" };
  const state = loadSessionState(session.state);
  if (state.lastWebhookCall?.blockId === blockId && state.currentBlockId !== blockId)
    return { kind: "reply", reply: state.lastWebhookCall.reply };
  if (state.status === "waiting" && state.currentBlockId === blockId) return { kind: "waiting" };
  return { kind: "gone" };
}

/**
 * Opens the events of a session waiting at `blockId` (authorised, as the chat routes are, by knowing
 * the session id; live chats from allowed origins only). It listens before it first reads, so a call
 * that lands in between is seen either way; a client that reconnects after the call gets the reply at
 * once. Refused (404) when the chat neither waits there nor was resumed from there.
 */
export async function openSessionEvents(
  ctx: AppContext,
  sessionId: string,
  blockId: string,
  origin: CallingOrigin,
  closed: AbortSignal,
): Promise<AsyncGenerator<SessionEvent>> {
  const session = await requireLiveSession(ctx, sessionId, new Date().toISOString());
  if (session.botVersionId !== null) assertOriginAllowed(await sessionBot(ctx, session), origin);
  const wakeup = new Wakeup();
  const unsubscribe = await ctx.sessionSignals.subscribe(sessionId, () => wakeup.notify());
  const wake = () => wakeup.notify();
  closed.addEventListener("abort", wake);
  const stop = () => {
    unsubscribe();
    closed.removeEventListener("abort", wake);
  };
  let first: Standing;
  try {
    first = await standing(ctx, sessionId, blockId);
  } catch (error) {
    stop();
    throw error;
  }
  if (first.kind === "gone") {
    stop();
    throw new AppError("WEBHOOK_NOT_WAITING", "This chat is not waiting for a call at this block");
  }
  return (async function* events(): AsyncGenerator<SessionEvent> {
    try {
      let now: Standing = first;
      const seen: HandOffSeen = { joined: false, messageIds: new Set() };
      while (now.kind === "waiting") {
        yield* await handOffNews(ctx, sessionId, blockId, seen);
        yield { event: "waiting" };
        await wakeup.wait(SESSION_EVENTS_CHECK_MS);
        if (closed.aborted || ctx.sessionSignals.closed) return;
        now = await standing(ctx, sessionId, blockId);
      }
      yield* await handOffNews(ctx, sessionId, blockId, seen);
      yield now.kind === "reply" ? { event: "reply", data: now.reply } : { event: "gone" };
    } finally {
      stop();
    }
  })();
}
