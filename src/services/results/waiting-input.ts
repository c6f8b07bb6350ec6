import type { ResultUpdate } from "../../engine/result-updates.js";

/**
 * The value of a result's `lastInputBlockId` after a turn: the input of the result's own bot that a
 * started, unfinished chat waits on, which is where it dropped off if the visitor never comes back.
 * Null before the first answer (that is a view, not a start), once its flow is over, and while a
 * non-input block waits (an embed, a script expecting the client) or a bot merged into it runs.
 */
export function lastInputBlockId(
  update: Pick<ResultUpdate, "answerCount" | "finished" | "waitingInputBlockId">,
): string | null {
  return update.answerCount > 0 && !update.finished && update.waitingInputBlockId ? update.waitingInputBlockId : null;
}
