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
 * here (their client sends the idle message).
 */
export async function scheduleContactIdle(
  ctx: AppContext,
  credentials: ChannelCredentials,
  contactId: string,
  sessionId: string,
): Promise<void> {
  const session = await ctx.chat.findSession(sessionId);
  const state = session ? loadSessionState(session.state) : undefined;
  if (!state?.idleDeadline || !state.currentBlockId) return idleTimeouts(ctx).cancel(sessionId);
  await idleTimeouts(ctx).schedule({
    sessionId,
    workspaceId: credentials.workspaceId,
    credentialsId: credentials.id,
    contactId,
    blockId: state.currentBlockId,
    deadline: new Date(state.idleDeadline).toISOString(),
  });
}
