import { AppError, notFound } from "../../errors.js";
import { loadSessionState } from "../../schemas/session-state-upgrade.js";
import type { SessionRow } from "../../store/database.js";
import type { Caller } from "../../store/users-repository.js";
import { requireBot } from "../bots.js";
import type { AppContext } from "../context.js";
import { continueChat } from "./continue-chat.js";

/** The posted body, as the engine reads it: JSON text (a call without a body gives the block nothing). */
const bodyText = (body: unknown): string => (body === undefined ? "" : JSON.stringify(body));

/** Preview sessions looked at for a test call: the caller's open previews of the bot, newest first. */
const PREVIEWS_SEARCHED = 20;

const notWaiting = () => new AppError("WEBHOOK_NOT_WAITING", "This chat is not waiting for a call at this block");

/**
 * An outside system's call to a live chat's wait-for-webhook block (by the chat's result): the body
 * maps into the block's variables and the chat goes on, as a turn of continueChat; the visitor's
 * events stream is signalled once it is stored.
 */
export async function executeWebhook(
  ctx: AppContext,
  caller: Caller,
  target: { botId: string; blockId: string; resultId: string },
  body: unknown,
): Promise<{ message: "OK" }> {
  await requireBot(ctx, caller, target.botId);
  const session = await ctx.sessions.latestForResult(target.resultId);
  if (!session || session.botVersionId === null || !runsBot(session, target.botId)) {
    if (!(await ctx.results.findLive(target.botId, target.resultId))) throw notFound("Result not found");
    throw notWaiting();
  }
  await continueChat(ctx, session.id, { message: bodyText(body) }, undefined, { blockId: target.blockId });
  return { message: "OK" };
}

/**
 * The builder's test call: resumes the caller's newest preview of the bot that waits at the block
 * (previews have no result to name them by), never a preview someone else started.
 */
export async function executeTestWebhook(
  ctx: AppContext,
  caller: Caller,
  target: { botId: string; blockId: string },
  body: unknown,
): Promise<{ message: "OK" }> {
  await requireBot(ctx, caller, target.botId);
  // Only the caller's own previews: an anonymous preview may run under any bot id it names.
  const previews = await ctx.sessions.latestPreviews(target.botId, caller.userId, PREVIEWS_SEARCHED);
  const waiting = previews.find((session) => {
    const state = loadSessionState(session.state);
    return state.status === "waiting" && state.currentBlockId === target.blockId;
  });
  if (!waiting) throw notWaiting();
  await continueChat(ctx, waiting.id, { message: bodyText(body) }, undefined, { blockId: target.blockId });
  return { message: "OK" };
}

/** The session runs the bot: its own, or a linked bot it went into. */
function runsBot(session: SessionRow, botId: string): boolean {
  if (session.botId === botId) return true;
  return loadSessionState(session.state).currentBotId === botId;
}
