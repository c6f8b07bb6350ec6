import { AppError } from "../errors.js";
import { type Block, type IdleTimeout, isInputBlock } from "../schemas/blocks/index.js";
import type { ChatInput } from "./blocks/executor.js";
import type { Clock } from "./ports.js";
import type { SessionState } from "./session-state.js";

/** A client's clock may run a little ahead of the server's: an idle message this early still counts. */
export const IDLE_CLOCK_SKEW_MS = 1000;

/** The block's idle timeout, when it is an input that has one. */
export function idleTimeoutOf(block: Block): IdleTimeout | undefined {
  if (!isInputBlock(block)) return undefined;
  return (block.options as { idleTimeout?: IdleTimeout } | undefined)?.idleTimeout;
}

/**
 * The input as the client gets it (with the seconds to wait, when it has an idle path) and the state
 * with its deadline, counted from now: each time an input is shown, its timer starts again.
 */
export function showInput(
  block: Block,
  input: ChatInput,
  state: SessionState,
  clock: Clock,
): { input: ChatInput; state: SessionState } {
  const idleTimeout = idleTimeoutOf(block);
  if (!idleTimeout) return { input, state: withoutIdleDeadline(state) };
  return {
    input: { ...input, idleTimeout: { seconds: idleTimeout.seconds } },
    state: { ...state, idleDeadline: clock.now().getTime() + idleTimeout.seconds * 1000 },
  };
}

export function withoutIdleDeadline(state: SessionState): SessionState {
  if (state.idleDeadline === undefined) return state;
  const { idleDeadline: _, ...rest } = state;
  return rest;
}

/** Throws unless the waiting block has an idle timeout whose deadline (less the skew) has passed. */
export function assertIdleDue(block: Block, state: SessionState, clock: Clock): IdleTimeout {
  const idleTimeout = idleTimeoutOf(block);
  if (!idleTimeout) throw new AppError("NO_IDLE_TIMEOUT", "The block this chat waits on has no idle timeout");
  const deadline = state.idleDeadline;
  if (deadline === undefined || clock.now().getTime() + IDLE_CLOCK_SKEW_MS < deadline) {
    throw new AppError("IDLE_TOO_EARLY", `The input's idle timeout of ${idleTimeout.seconds} s has not passed yet`);
  }
  return idleTimeout;
}
