import { AppError } from "../../errors.js";
import type { RuntimeBot } from "../../engine/runtime-bot.js";
import type { SessionRow } from "../../store/database.js";
import { nowIso } from "../../lib/ids.js";
import type { Block } from "../../schemas/blocks/index.js";
import { loadSessionState } from "../../schemas/session-state-upgrade.js";
import type { AppContext } from "../context.js";
import { loadPublishedBot } from "./bot-loader.js";
import { assertOriginAllowed, type CallingOrigin } from "./origin.js";
import { parseRuntimeBot } from "./runtime-bot-cache.js";

const HOUR_MS = 3_600_000;

const expiryHours = (ctx: AppContext, bot: RuntimeBot): number =>
  (bot.document.settings as { chatApp?: { sessionExpiryTimeout?: number } }).chatApp?.sessionExpiryTimeout ??
  ctx.config.sessionExpiryHours;

/** The bot's own expiry (settings.chatApp.sessionExpiryTimeout, hours) or the instance default. */
export function sessionExpiry(ctx: AppContext, bot: RuntimeBot, now: string): string {
  return new Date(Date.parse(now) + expiryHours(ctx, bot) * HOUR_MS).toISOString();
}

/**
 * The expiry a turn moves the session to, or undefined while the stored one is less than a minute
 * (a hundredth of a short window) behind it: a conversation's quick turns then leave the expiry
 * index alone instead of rewriting it every time, and a session never ends more than that early.
 */
export function renewedExpiry(
  ctx: AppContext,
  bot: RuntimeBot,
  now: string,
  stored: string | null,
): string | undefined {
  const windowMs = expiryHours(ctx, bot) * HOUR_MS;
  const renewed = Date.parse(now) + windowMs;
  if (stored !== null && renewed - Date.parse(stored) < Math.min(60_000, windowMs / 100)) return undefined;
  return new Date(renewed).toISOString();
}

/** The bot a session runs: its pinned published version, or the document its preview started with. */
export async function sessionBot(ctx: AppContext, session: SessionRow): Promise<RuntimeBot> {
  if (session.botVersionId) return (await loadPublishedBot(ctx, session.botId ?? "", session.botVersionId)).bot;
  return parseRuntimeBot(session.botId ?? "", JSON.parse(session.previewDocument ?? "{}"), "session");
}

export async function requireLiveSession(ctx: AppContext, sessionId: string, now: string) {
  const session = await ctx.chat.findSession(sessionId);
  if (!session) throw new AppError("SESSION_NOT_FOUND", "Session not found.");
  if (session.expiresAt && session.expiresAt < now)
    throw new AppError("SESSION_EXPIRED", "Session expired. You need to start a new session.");
  return session;
}

/**
 * Where a live session waits: its state, the bot running now (a linked bot's own, inside one) and the
 * block it stopped at. A calling origin the published bot does not allow is refused first.
 */
export async function sessionWaitingPoint(ctx: AppContext, sessionId: string, origin: CallingOrigin) {
  const session = await requireLiveSession(ctx, sessionId, nowIso());
  const root = await sessionBot(ctx, session);
  if (session.botVersionId !== null) assertOriginAllowed(root, origin);
  const state = loadSessionState(session.state);
  const bot =
    state.currentBotId && state.currentBotId !== root.id
      ? await ctx.ports.bots?.load(state.currentBotId, state.mode, state.workspaceId)
      : root;
  const block = state.currentBlockId
    ? (bot?.blockById.get(state.currentBlockId)?.block as Block | undefined)
    : undefined;
  return { session, state, bot, block };
}
