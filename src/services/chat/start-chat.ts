import type { z } from "zod";
import { AppError, notFound } from "../../errors.js";
import { answerKey } from "../../engine/answers.js";
import type { RuntimeBot } from "../../engine/runtime-bot.js";
import type { ChatAppContact, SessionAnswer } from "../../engine/session-state.js";
import { startSession, type StartResult } from "../../engine/start-session.js";
import { isInputBlock } from "../../schemas/blocks/index.js";
import type { previewStartChatInputSchema, startChatInputSchema } from "../../schemas/chat.js";
import { createId, nowIso } from "../../lib/ids.js";
import type { Caller } from "../../store/users-repository.js";
import type { AppContext } from "../context.js";
import { requireBot } from "../bots.js";
import { storedDocument } from "../bot-view.js";
import { assertOriginAllowed, type CallingOrigin } from "./origin.js";
import { loadPublishedBot, servedByPublicId } from "./bot-loader.js";
import { sessionExpiry } from "./sessions.js";
import { answerRows, publicLogs, resultWrites, turnLogRows, storedState } from "./turn-writes.js";
import { parseRuntimeBot } from "./runtime-bot-cache.js";
import { withinTurnDeadline } from "./turn-deadline.js";
import { deleteSessionUploads } from "../files/upload-records.js";
import { localizedSystemMessage } from "../../engine/translations/localize.js";
import { startLocale } from "../../engine/translations/session-locale.js";
import { announceHandOffs, handOffRows, handOffWebhookRows } from "../inbox/handoff-turns.js";
import { notifyOutbox, turnOutboxRows } from "../outbox/outbox-worker.js";
import { turnWebhookRows } from "../webhooks/webhook-events.js";

type StartChatInput = z.output<typeof startChatInputSchema>;
type PreviewStartChatInput = z.output<typeof previewStartChatInputSchema>;

function startResponse(
  sessionId: string,
  bot: RuntimeBot,
  version: string,
  turn: StartResult,
  live: { resultId?: string; publishedAt?: string },
) {
  return {
    sessionId,
    ...(live.resultId ? { resultId: live.resultId } : {}),
    bot: {
      id: bot.id,
      version,
      theme: turn.theme,
      settings: turn.settings,
      ...(live.publishedAt ? { publishedAt: live.publishedAt } : {}),
      ...(turn.locale ? { locale: turn.locale } : {}),
    },
    ...turn.reply,
    ...(live.publishedAt ? { logs: publicLogs(turn.reply.logs) } : {}),
  };
}

/** Remember-user: a known result of this bot is resumed with its variables and answers. */
async function resumableResult(ctx: AppContext, bot: RuntimeBot, resultId: string | undefined) {
  const general = (
    bot.document.settings as {
      general?: { rememberUser?: { isEnabled?: boolean }; isNewResultOnRefreshEnabled?: boolean };
    }
  ).general;
  // Older bots say "remember the user" as "no new result on refresh".
  const remembers = general?.rememberUser?.isEnabled ?? general?.isNewResultOnRefreshEnabled === false;
  if (!resultId || !remembers) return undefined;
  const found = await ctx.results.findWithAnswers(bot.id, resultId);
  if (!found) return undefined;
  // The latest answer per key wins, as in a running session.
  const answers = new Map<string, SessionAnswer>();
  for (const answer of found.answers) {
    const block = bot.blockById.get(answer.blockId)?.block;
    if (!block || !isInputBlock(block)) continue;
    const key = answerKey(bot, block, bot.document.variables);
    answers.delete(key);
    answers.set(key, { key, blockId: answer.blockId, value: answer.content });
  }
  return {
    result: found.result,
    variables: JSON.parse(found.result.variables),
    answers: [...answers.values()],
    answerCount: found.answers.length,
  };
}

/**
 * Each remember-user start opens one more session on the same result; without a bound one visitor
 * could pile up sessions on it for as long as they stay unexpired.
 */
async function assertRoomForSession(ctx: AppContext, resultId: string) {
  const max = ctx.config.protection.maxSessionsPerResult;
  if (max <= 0) return;
  const open = await ctx.sessions.countOpenForResult(resultId, nowIso());
  if (open >= max)
    throw new AppError(
      "TOO_MANY_REQUESTS",
      `This result already has ${max} open chat sessions; finish one or let it expire before starting another`,
    );
}

export async function startPublicChat(
  ctx: AppContext,
  publicId: string,
  input: StartChatInput,
  origin: CallingOrigin,
  acceptLanguage?: string,
) {
  const row = await servedByPublicId(ctx, publicId);
  if (!row) throw notFound("Bot not found");
  const { bot, versionId, publishedAt } = await loadPublishedBot(ctx, row.id, row.versionId);
  assertOriginAllowed(bot, origin);
  if (row.isClosed) {
    const locale = startLocale(bot, [], { prefilledVariables: input.prefilledVariables, acceptLanguage }).locale;
    throw new AppError("BOT_CLOSED", localizedSystemMessage(bot, { locale }, "botClosed") || "This bot is now closed");
  }
  const live = { workspaceId: row.workspaceId, bot, versionId, publishedAt, isStaging: row.isStaging };
  return (await startLiveChat(ctx, live, input, { acceptLanguage })).reply;
}

/** A published bot, loaded, as a live chat starts it; `isStaging` when started on the bot's staging id. */
export type LiveBot = {
  workspaceId: string;
  bot: RuntimeBot;
  versionId: string;
  publishedAt?: string;
  isStaging?: boolean;
};

/**
 * Starts a live chat on a loaded published bot: the web chat's start once the bot is found and
 * allowed (`acceptLanguage` picks the visitor's language), and a messaging app's (`chatApp` names the
 * contact). `sessionOpen` is false when the chat ended in this very turn, so no session was kept.
 */
export async function startLiveChat(
  ctx: AppContext,
  live: LiveBot,
  input: StartChatInput,
  { chatApp, acceptLanguage }: { chatApp?: ChatAppContact; acceptLanguage?: string } = {},
) {
  const { bot, versionId, publishedAt } = live;
  const isStaging = live.isStaging ? 1 : 0;
  const resumed = await resumableResult(ctx, bot, input.resultId);
  if (resumed) await assertRoomForSession(ctx, resumed.result.id);
  const resultId = resumed?.result.id ?? createId();
  const turn = await withinTurnDeadline(ctx.ports, ctx.config.protection.chatTurnTimeoutMs, (ports) =>
    startSession(
      {
        bot,
        mode: "live",
        workspaceId: live.workspaceId,
        resultId,
        resumed: resumed && {
          variables: resumed.variables,
          answers: resumed.answers,
          answerCount: resumed.answerCount,
        },
        prefilledVariables: input.prefilledVariables,
        acceptLanguage,
        message: input.message,
        isOnlyRegistering: input.isOnlyRegistering,
        isStreamEnabled: input.isStreamEnabled,
        chatApp,
      },
      {
        ports,
        format: input.textBubbleContentFormat ?? "richText",
        maxVariableBytes: ctx.config.limits.variableBytes,
        maxReplyLength: { text: ctx.config.limits.textReplyLength, short: ctx.config.limits.shortReplyLength },
      },
    ),
  );
  if (resumed) turn.state = { ...turn.state, totalAnswers: turn.state.totalAnswers + resumed.answerCount };
  const sessionId = createId();
  const now = nowIso();
  const handoffs = handOffRows({ sessionId, bot, turn, resultId, now });
  const outbox = [
    ...turnOutboxRows(turn, resultId, now),
    ...(await turnWebhookRows(ctx, { bot, turn, resultId, created: !resumed, now })),
    ...(await handOffWebhookRows(ctx, { bot, resultId, now }, handoffs)),
  ];
  await ctx.chat.writeTurn({
    session: turn.ended
      ? { kind: "none" }
      : {
          kind: "insert",
          row: {
            id: sessionId,
            botId: bot.id,
            botVersionId: versionId,
            previewDocument: null,
            resultId,
            state: storedState(ctx, turn.state),
            revision: 0,
            createdAt: now,
            updatedAt: now,
            expiresAt: sessionExpiry(ctx, bot, now),
            isStaging,
          },
        },
    results: resultWrites(
      turn,
      { id: resultId, botVersionId: versionId, createdAt: resumed?.result.createdAt ?? now, isStaging },
      sessionId,
      now,
    ),
    answers: answerRows(resultId, turn, now),
    logs: turnLogRows(turn, resultId, now),
    outbox,
    handoffs,
  });
  notifyOutbox(ctx, outbox);
  announceHandOffs(ctx, handoffs);
  // Always named, also when the chat ended in this turn: the page may show or report it.
  return { reply: startResponse(sessionId, bot, "6", turn, { resultId, publishedAt }), sessionOpen: !turn.ended };
}

/**
 * A preview named by an id it chose: the id may be taken only from a preview the same builder user
 * started (a restart), never from a live chat, an anonymous preview or someone else's; the replaced
 * preview's files go with it.
 */
async function replaceOwnPreview(ctx: AppContext, caller: Caller | undefined, sessionId: string): Promise<void> {
  const existing = await ctx.sessions.find(sessionId);
  if (!existing) return;
  const ownPreview = existing.botVersionId === null && caller !== undefined && existing.previewUserId === caller.userId;
  if (!ownPreview) throw new AppError("CONFLICT", "Session id already in use: leave sessionId out to get a new one");
  await ctx.store.db.deleteFrom("sessions").where("id", "=", existing.id).execute();
  await deleteSessionUploads(ctx, [existing.id]);
}

export async function startPreviewChat(
  ctx: AppContext,
  caller: Caller | undefined,
  botId: string,
  input: PreviewStartChatInput,
  acceptLanguage?: string,
) {
  let document: unknown = input.bot;
  // Linked bots are drafts of the caller's workspace, so a preview can only link when a member asks.
  const member = caller ? await ctx.bots.findForMember(botId, caller.userId) : undefined;
  if (document === undefined) {
    if (!caller)
      throw new AppError("UNAUTHORIZED", "Sign in (API token) to preview a stored bot, or send the bot in the body");
    const row = await requireBot(ctx, caller, botId);
    document = { version: row.version, ...storedDocument(row) };
  }
  const bot = parseRuntimeBot(botId, document);
  const sessionId = input.isOnlyRegistering || !input.sessionId ? createId() : input.sessionId;
  if (input.sessionId && !input.isOnlyRegistering) await replaceOwnPreview(ctx, caller, input.sessionId);
  const turn = await withinTurnDeadline(ctx.ports, ctx.config.protection.chatTurnTimeoutMs, (ports) =>
    startSession(
      {
        bot,
        mode: "preview",
        workspaceId: member?.workspaceId,
        prefilledVariables: input.prefilledVariables,
        acceptLanguage,
        startFrom: input.startFrom,
        message: input.message,
        isOnlyRegistering: input.isOnlyRegistering,
        isProgressBarEnabled: input.isProgressBarEnabled,
        isStreamEnabled: input.isStreamEnabled,
      },
      {
        ports,
        format: input.textBubbleContentFormat ?? "richText",
        maxVariableBytes: ctx.config.limits.variableBytes,
        maxReplyLength: { text: ctx.config.limits.textReplyLength, short: ctx.config.limits.shortReplyLength },
      },
    ),
  );
  const now = nowIso();
  const outbox = turnOutboxRows(turn, undefined, now);
  const handoffs = handOffRows({ sessionId, bot, turn, resultId: undefined, now });
  await ctx.chat.writeTurn({
    session: {
      kind: "insert",
      row: {
        id: sessionId,
        botId,
        botVersionId: null,
        previewDocument: JSON.stringify(bot.document),
        previewUserId: caller?.userId ?? null,
        resultId: null,
        state: storedState(ctx, turn.state),
        revision: 0,
        createdAt: now,
        updatedAt: now,
        expiresAt: sessionExpiry(ctx, bot, now),
        isStaging: 0,
      },
    },
    results: [],
    answers: [],
    logs: [],
    outbox,
    handoffs,
  });
  notifyOutbox(ctx, outbox);
  announceHandOffs(ctx, handoffs);
  return startResponse(sessionId, bot, "6", turn, {});
}
