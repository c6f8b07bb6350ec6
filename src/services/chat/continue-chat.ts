import type { z } from "zod";
import { AppError } from "../../errors.js";
import type { SessionState } from "../../engine/session-state.js";
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
import type { ChatReply } from "../../engine/chat-turn.js";
import { channelMessageRows, plainMessage } from "../inbox/handoff-channels.js";
import {
  announceHandOffs,
  handOffRows,
  handOffWebhookRows,
  visitorMessageToInbox,
  waitsAtHandOff,
} from "../inbox/handoff-turns.js";

type ContinueChatInput = z.output<typeof continueChatInputSchema>;

/**
 * An outside system's call to the wait-for-webhook block `blockId` (webhook-calls.ts), or the server
 * resuming a hand-off block (`handOff`: its timeout, an operator's hand back), not a visitor's message.
 */
export type WebhookCall = {
  blockId: string;
  handOff?: true;
  /** Said before the flow's messages to a messaging-app contact the hand-off resumes for ("back with the bot"). */
  notice?: string;
};

/**
 * Where the chat stands for a call to `blockId`: waiting there (go on), or already past it because a
 * call resumed it (409), or never there (404).
 */
function assertWaitsForCall(state: SessionState, blockId: string): void {
  if (state.status === "waiting" && state.currentBlockId === blockId) return;
  if (state.lastWebhookCall?.blockId === blockId)
    throw new AppError("WEBHOOK_ALREADY_RESUMED", "This block's webhook was already called; the chat went on");
  throw new AppError("WEBHOOK_NOT_WAITING", "This chat is not waiting for a call at this block");
}

export async function continueChat(
  ctx: AppContext,
  sessionId: string,
  input: ContinueChatInput,
  origin: CallingOrigin,
  webhookCall?: WebhookCall,
) {
  const now = nowIso();
  const session = await requireLiveSession(ctx, sessionId, now);
  const bot = await sessionBot(ctx, session);
  const isLive = session.botVersionId !== null;
  // An outside system's call comes from no visitor's page: its API token was checked instead.
  if (isLive && !webhookCall) assertOriginAllowed(bot, origin);
  const { lastWebhookCall, ...state } = loadSessionState(session.state);
  // With a person (or waiting for one): the visitor's words go to the Inbox, not the flow.
  if (!webhookCall && waitsAtHandOff(bot, state)) return visitorMessageToInbox(ctx, session.id, input.message);
  if (webhookCall) assertWaitsForCall({ ...state, lastWebhookCall }, webhookCall.blockId);
  const turn = await withinTurnDeadline(ctx.ports, ctx.config.protection.chatTurnTimeoutMs, (ports) =>
    continueSession(bot, state, input.message, {
      ports,
      format: input.textBubbleContentFormat ?? "richText",
      maxVariableBytes: ctx.config.limits.variableBytes,
      resumesWebhook: webhookCall !== undefined && !webhookCall.handOff,
      resumesHandOff: webhookCall?.handOff === true,
    }),
  );
  const reply = isLive ? { ...turn.reply, logs: publicLogs(turn.reply.logs) } : turn.reply;
  // The visitor's client fetches a call's reply from the session: kept there, even when the chat ended.
  const keptState: SessionState = webhookCall
    ? { ...turn.state, lastWebhookCall: { blockId: webhookCall.blockId, reply } }
    : turn.state;

  // The session row keeps naming its own result; linked bots' results are found in the state.
  const resultId = isLive ? (session.resultId ?? undefined) : undefined;
  const handoffs = handOffRows({ sessionId: session.id, bot, turn, resultId, now });
  const outbox = [
    ...turnOutboxRows(turn, resultId, now),
    ...(resultId ? await turnWebhookRows(ctx, { bot, turn, resultId, created: false, now }) : []),
    ...(await handOffWebhookRows(ctx, { bot, resultId, now }, handoffs)),
    // A messaging-app contact hears how a hand-off went on from the outbox: no turn of theirs runs.
    ...(webhookCall?.handOff && state.chatApp && state.workspaceId
      ? await channelMessageRows(
          ctx,
          { sessionId: session.id, workspaceId: state.workspaceId, channel: state.chatApp.channel, resultId },
          {
            ...reply,
            messages: [...(webhookCall.notice ? [plainMessage(webhookCall.notice)] : []), ...reply.messages],
          } as ChatReply,
          now,
        )
      : []),
  ];
  try {
    await ctx.chat.writeTurn({
      // A finished live chat has nothing left to continue; its result keeps everything.
      session:
        isLive && turn.ended && !webhookCall
          ? { kind: "delete", id: session.id, expectedRevision: session.revision }
          : {
              kind: "update",
              id: session.id,
              expectedRevision: session.revision,
              state: storedState(ctx, keptState),
              updatedAt: now,
              expiresAt: renewedExpiry(ctx, bot, now, session.expiresAt),
            },
      results: resultId
        ? resultWrites(
            turn,
            {
              id: resultId,
              botVersionId: session.botVersionId!,
              createdAt: session.createdAt,
              isStaging: session.isStaging,
            },
            session.id,
            now,
          )
        : [],
      answers: resultId ? answerRows(resultId, turn, now) : [],
      logs: resultId ? turnLogRows(turn, resultId, now) : [],
      outbox,
      handoffs,
    });
  } catch (error) {
    if (error instanceof SessionConflictError) {
      // Gone rather than moved on: the chat was finished or its bot deleted meanwhile.
      if (!(await ctx.sessions.find(session.id))) throw new AppError("SESSION_NOT_FOUND", "Session not found.");
      if (webhookCall)
        throw new AppError("WEBHOOK_ALREADY_RESUMED", "This block's webhook was already called; the chat went on");
      throw new AppError(
        "CONFLICT",
        "This session was answered by another request at the same time; send the message again",
      );
    }
    throw error;
  }
  notifyOutbox(ctx, outbox);
  announceHandOffs(ctx, handoffs);
  if (webhookCall) ctx.sessionSignals.publish(session.id);
  return reply;
}
