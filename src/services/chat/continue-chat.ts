import type { z } from "zod";
import { AppError } from "../../errors.js";
import { continueSession } from "../../engine/continue-session.js";
import { loadSessionState } from "../../schemas/session-state-upgrade.js";
import type { continueChatInputSchema } from "../../schemas/chat.js";
import { nowIso } from "../../lib/ids.js";
import { SessionConflictError } from "../../store/chat-repository.js";
import type { AppContext } from "../context.js";
import { assertOriginAllowed, type CallingOrigin } from "./origin.js";
import { renewedExpiry, requireLiveSession, sessionBot } from "./sessions.js";
import { answerRows, publicLogs, resultWrites, turnLogRows, storedState } from "./turn-writes.js";
import { withinTurnDeadline } from "./turn-deadline.js";
import { notifyOutbox, turnOutboxRows } from "../outbox/outbox-worker.js";
import { turnWebhookRows } from "../webhooks/webhook-events.js";

type ContinueChatInput = z.output<typeof continueChatInputSchema>;

export async function continueChat(
  ctx: AppContext,
  sessionId: string,
  input: ContinueChatInput,
  origin: CallingOrigin,
) {
  const now = nowIso();
  const session = await requireLiveSession(ctx, sessionId, now);
  const bot = await sessionBot(ctx, session);
  const isLive = session.botVersionId !== null;
  if (isLive) assertOriginAllowed(bot, origin);
  const state = loadSessionState(session.state);
  const turn = await withinTurnDeadline(ctx.ports, ctx.config.protection.chatTurnTimeoutMs, (ports) =>
    continueSession(bot, state, input.message, {
      ports,
      format: input.textBubbleContentFormat ?? "richText",
      maxVariableBytes: ctx.config.limits.variableBytes,
    }),
  );

  // The session row keeps naming its own result; linked bots' results are found in the state.
  const resultId = isLive ? (session.resultId ?? undefined) : undefined;
  const outbox = [
    ...turnOutboxRows(turn, resultId, now),
    ...(resultId ? await turnWebhookRows(ctx, { bot, turn, resultId, created: false, now }) : []),
  ];
  try {
    await ctx.chat.writeTurn({
      // A finished live chat has nothing left to continue; its result keeps everything.
      session:
        isLive && turn.ended
          ? { kind: "delete", id: session.id, expectedRevision: session.revision }
          : {
              kind: "update",
              id: session.id,
              expectedRevision: session.revision,
              state: storedState(ctx, turn.state),
              updatedAt: now,
              expiresAt: renewedExpiry(ctx, bot, now, session.expiresAt),
            },
      results: resultId
        ? resultWrites(
            turn,
            { id: resultId, botVersionId: session.botVersionId!, createdAt: session.createdAt },
            session.id,
            now,
          )
        : [],
      answers: resultId ? answerRows(resultId, turn, now) : [],
      logs: resultId ? turnLogRows(turn, resultId, now) : [],
      outbox,
    });
  } catch (error) {
    if (error instanceof SessionConflictError) {
      // Gone rather than moved on: the chat was finished or its bot deleted meanwhile.
      if (!(await ctx.sessions.find(session.id))) throw new AppError("SESSION_NOT_FOUND", "Session not found.");
      throw new AppError(
        "CONFLICT",
        "This session was answered by another request at the same time; send the message again",
      );
    }
    throw error;
  }
  notifyOutbox(ctx, outbox);
  return isLive ? { ...turn.reply, logs: publicLogs(turn.reply.logs) } : turn.reply;
}
