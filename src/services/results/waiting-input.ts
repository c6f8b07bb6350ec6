import type { RuntimeBot } from "../../engine/runtime-bot.js";
import type { SessionState } from "../../engine/session-state.js";
import { isInputBlock, type Block } from "../../schemas/blocks/index.js";

/**
 * The value of a result's `lastInputBlockId` after a turn: the input a started, unfinished chat waits
 * on, which is where it dropped off if the visitor never comes back. Null before the first answer
 * (that is a view, not a start), once the chat ended, and while a non-input block waits (an embed or
 * a script expecting the client).
 */
export function waitingInputBlockId(bot: RuntimeBot, state: Pick<SessionState, "status" | "currentBlockId" | "totalAnswers">): string | null {
  if (state.totalAnswers === 0 || state.status !== "waiting" || !state.currentBlockId) return null;
  const block = bot.blockById.get(state.currentBlockId)?.block as Block | undefined;
  return block && isInputBlock(block) ? block.id : null;
}
