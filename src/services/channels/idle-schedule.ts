import { createId, nowIso } from "../../lib/ids.js";
import { loadSessionState } from "../../schemas/session-state-upgrade.js";
import { IdleTimeoutsRepository } from "../../store/idle-timeouts-repository.js";
import type { AppContext } from "../context.js";
import type { ChannelCredentials } from "./channel-credentials.js";

const repositories = new WeakMap<AppContext, IdleTimeoutsRepository>();

/** The stored idle timeouts of messaging-app sessions (one repository per context). */
export function idleTimeouts(ctx: AppContext): IdleTimeoutsRepository {
  let repository = repositories.get(ctx);
  if (!repository) {
    repository = new IdleTimeoutsRepository(ctx.store.db, ctx.store.dialect);
    repositories.set(ctx, repository);
  }
  return repository;
}
/**
 * After a messaging-app turn: the session's idle timeout as its state now says, stored for the
 * runner, or none when the session ended or waits at an input without one. Web sessions never come
 * here (their client sends the idle message). `firesWithoutAnswer`: idle paths run in a row before
 * this turn with no message of the contact (0 after the contact's own message). Once it reaches
 * PARLEY_CHANNEL_IDLE_SENDS_WITHOUT_ANSWER nothing more is scheduled, so an idle path that leads
 * back to a waiting input cannot send for as long as the session lives: the result says so, and the
 * chat waits for the contact's next message.
 */
export async function scheduleContactIdle(
  ctx: AppContext,
  credentials: ChannelCredentials,
  contactId: string,
  sessionId: string,
  firesWithoutAnswer = 0,
): Promise<void> {
  const session = await ctx.chat.findSession(sessionId);
  const state = session ? loadSessionState(session.state) : undefined;
  if (!state?.idleDeadline || !state.currentBlockId) return idleTimeouts(ctx).cancel(sessionId);
  const most = ctx.config.traffic.channels.idleSendsWithoutAnswer;
  if (firesWithoutAnswer >= most) {
    await idleTimeouts(ctx).cancel(sessionId);
    if (session?.resultId)
      await ctx.results.insertLogs(ctx.store.db, [
        {
          id: createId(),
          resultId: session.resultId,
          status: "info",
          description: `The idle path ran ${most} times in a row without an answer: the chat now waits for the contact's next message`,
          details: state.currentBlockId,
          context: "Messaging app",
          createdAt: nowIso(),
        },
      ]);
    return;
  }
  await idleTimeouts(ctx).schedule({
    sessionId,
    workspaceId: credentials.workspaceId,
    credentialsId: credentials.id,
    contactId,
    blockId: state.currentBlockId,
    deadline: new Date(state.idleDeadline).toISOString(),
    firesWithoutAnswer,
  });
}
