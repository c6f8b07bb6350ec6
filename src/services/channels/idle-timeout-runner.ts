import { AppError } from "../../errors.js";
import type { ChatReply } from "../../engine/chat-turn.js";
import { createId, nowIso } from "../../lib/ids.js";
import { loadSessionState } from "../../schemas/session-state-upgrade.js";
import type { IdleTimeoutRow } from "../../store/idle-timeouts-repository.js";
import { startDueWorkRunner, type Attempt, type DueWorkRunner } from "../background/due-work-runner.js";
import { continueChat } from "../chat/continue-chat.js";
import { sessionBot } from "../chat/sessions.js";
import type { AppContext } from "../context.js";
import { type ChannelCredentials, channelsRepository, requireChannelCredentials } from "./channel-credentials.js";
import { runContactTurns, type TurnOptions, typingOf } from "./contact-turns.js";
import { idleTimeouts, scheduleContactIdle } from "./idle-schedule.js";
import { sendReplyToContact } from "./send-reply.js";
import { contactTurnSlots } from "./turn-slots.js";

/** A busy contact (a turn holds its lock) or a failed fire is tried again this much later. */
const RETRY_MS = 1000;
/** A fire that keeps failing is given up after this many tries (its result keeps the turns' errors). */
const MOST_ATTEMPTS = 10;
const BATCH_SIZE = 10;

type FireOutcome = Attempt & { retry?: boolean };

/** Why a stored timeout no longer applies: the contact answered, started over or the chat ended. */
async function stillWaiting(ctx: AppContext, item: IdleTimeoutRow) {
  const contact = await channelsRepository(ctx).findContact(item.credentialsId, item.contactId);
  if (contact?.sessionId !== item.sessionId) return undefined;
  const session = await ctx.chat.findSession(item.sessionId);
  if (!session || (session.expiresAt && session.expiresAt < nowIso())) return undefined;
  const state = loadSessionState(session.state);
  const waits = state.currentBlockId === item.blockId && state.idleDeadline === Date.parse(item.deadline);
  return waits ? session : undefined;
}

/**
 * Fires one timeout under the contact's turn lock, so that it never runs beside the contact's own
 * message: the idle turn goes through continueChat like a web client's `{ type: "idle" }`, and its
 * messages go to the contact like any reply. Messages that came in meanwhile are answered after.
 */
async function fire(ctx: AppContext, item: IdleTimeoutRow, options: TurnOptions): Promise<FireOutcome> {
  let credentials: ChannelCredentials;
  try {
    credentials = await requireChannelCredentials(ctx, item.workspaceId, item.credentialsId);
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return { ok: false, error: error.message, permanent: true };
    throw error;
  }
  const contacts = channelsRepository(ctx);
  const token = createId();
  const lockMs = (ctx.config.protection.chatTurnTimeoutMs || 60_000) * 3 + 60_000;
  const lockEnd = new Date(Date.now() + lockMs).toISOString();
  if (!(await contacts.tryLock(item.credentialsId, item.contactId, token, nowIso(), lockEnd)))
    return { ok: false, error: "The contact's turn is under way", retry: true };
  try {
    const session = await stillWaiting(ctx, item);
    if (!session) return { ok: true };
    const bot = await sessionBot(ctx, session);
    let reply: ChatReply;
    try {
      reply = (await continueChat(ctx, session.id, { message: { type: "idle" } }, undefined)) as ChatReply;
    } catch (error) {
      // This server's clock is a little behind the one that set the deadline: a moment later.
      if (error instanceof AppError && error.code === "IDLE_TOO_EARLY")
        return { ok: false, error: error.message, retry: true };
      throw error;
    }
    const target = { credentials, contactId: item.contactId, resultId: session.resultId ?? undefined };
    await sendReplyToContact(ctx, target, reply, { typing: typingOf(bot) });
    // The idle path may stop at another input with an idle timeout: one more run without an answer.
    await scheduleContactIdle(ctx, credentials, item.contactId, session.id, item.firesWithoutAnswer + 1);
    return { ok: true };
  } finally {
    await contacts.unlock(item.credentialsId, item.contactId, token);
    // A message the contact sent while the lock was held was left to its holder: this fire.
    if (await contacts.nextPending(item.credentialsId, item.contactId))
      void runContactTurns(ctx, credentials, item.contactId, options).catch((error) =>
        options.onError(error, { credentialsId: item.credentialsId, contactId: item.contactId }),
      );
  }
}

/**
 * Fires the messaging-app idle timeouts that are due, each once: a claim leases the row to one
 * instance (FOR UPDATE SKIP LOCKED on PostgreSQL), the contact's turn lock keeps the fire apart from
 * the contact's messages, and the fire does nothing unless the session still waits at the same input
 * with the same deadline. A row whose instance died is taken again after its lease.
 */
export function startIdleTimeoutRunner(ctx: AppContext, options: TurnOptions): DueWorkRunner {
  const repository = idleTimeouts(ctx);
  const leaseMs = (ctx.config.protection.chatTurnTimeoutMs || 60_000) * 3 + 60_000;
  return startDueWorkRunner<IdleTimeoutRow, FireOutcome>(
    {
      claim(limit) {
        const now = Date.now();
        return repository.claimDue(new Date(now).toISOString(), new Date(now + leaseMs).toISOString(), limit);
      },
      // An idle path is a contact turn like an answer: it waits for one of the same places.
      attempt: (item) => contactTurnSlots(ctx).run(item.workspaceId, () => fire(ctx, item, options)),
      async settle(item, outcome) {
        if (outcome.ok || outcome.permanent || (!outcome.retry && item.attempts >= MOST_ATTEMPTS)) {
          if (!outcome.ok && !outcome.retry)
            options.onError(new Error(outcome.error), { credentialsId: item.credentialsId, contactId: item.contactId });
          return repository.finish(item.sessionId, item.deadline);
        }
        await repository.retryAt(item.sessionId, item.deadline, new Date(Date.now() + RETRY_MS).toISOString());
      },
    },
    {
      pollMs: ctx.config.channels.idlePollMs,
      batchSize: BATCH_SIZE,
      onError: (error) => options.onError(error, { credentialsId: "", contactId: "" }),
    },
  );
}
