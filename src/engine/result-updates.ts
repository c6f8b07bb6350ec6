import { isInputBlock, type Block } from "../schemas/blocks/index.js";
import type { RuntimeBot } from "./runtime-bot.js";
import type { LinkFrame, SessionState } from "./session-state.js";
import type { VariableLike } from "./variables/types.js";

/**
 * A result a turn changed, with what its row needs. Besides the session's own result, a chat writes
 * the results of linked bots that keep their own (Bot link without mergeResults).
 */
export type ResultUpdate = {
  resultId: string;
  /** The bot the result belongs to. */
  botId: string;
  /** The published version of that bot, when the engine knows it (linked bots); else the session's. */
  botVersionId?: string;
  /** The variables as they stand for that bot. */
  variables: VariableLike[];
  /** Answers saved on the result so far. */
  answerCount: number;
  /** Its bot's flow is over: the chat ended there, or the linked bot finished and the flow went back. */
  finished: boolean;
  /** The input of the result's own bot the session now waits on. */
  waitingInputBlockId?: string;
};

/** What a walk did to results: the ids it moved to (children entered, parents resumed), the children it finished. */
export type ResultTrail = { entered: string[]; finished: ResultUpdate[] };

export const emptyTrail = (): ResultTrail => ({ entered: [], finished: [] });

/** The result of a linked bot that is being left, as it stands when its flow is over. */
export function finishedResult(state: SessionState, bot: RuntimeBot): ResultUpdate | undefined {
  if (!state.resultId) return undefined;
  return {
    resultId: state.resultId,
    botId: bot.id,
    ...(bot.versionId ? { botVersionId: bot.versionId } : {}),
    variables: state.variables,
    answerCount: state.resultAnswers,
    finished: true,
  };
}

/**
 * A result belongs to the bot that started it: walking down the link stack from `level`, the first
 * bot that was entered without merging (or the session's own bot at level 0).
 */
function ownerLevel(stack: readonly LinkFrame[], level: number): number {
  let owner = level;
  while (owner > 0 && !stack[owner - 1].separate) owner--;
  return owner;
}

function owner(
  stack: readonly LinkFrame[],
  level: number,
  running: RuntimeBot,
): { botId: string; botVersionId?: string } {
  const at = ownerLevel(stack, level);
  if (at === stack.length)
    return { botId: running.id, ...(running.versionId ? { botVersionId: running.versionId } : {}) };
  const frame = stack[at];
  return { botId: frame.botId, ...(frame.botVersionId ? { botVersionId: frame.botVersionId } : {}) };
}

function currentResult(state: SessionState, running: RuntimeBot, ended: boolean): ResultUpdate {
  const stack = state.linkStack ?? [];
  const isOwnerRunning = ownerLevel(stack, stack.length) === stack.length;
  const waiting =
    state.status === "waiting" && state.currentBlockId ? running.blockById.get(state.currentBlockId)?.block : undefined;
  return {
    resultId: state.resultId!,
    ...owner(stack, stack.length, running),
    variables: state.variables,
    answerCount: state.resultAnswers,
    finished: ended,
    // A merged child's input is not one of the result's own bot: no drop-off point to name.
    ...(!ended && isOwnerRunning && waiting && isInputBlock(waiting as Block)
      ? { waitingInputBlockId: waiting.id }
      : {}),
  };
}

/** A result waiting in the link stack for the linked bot above it to finish. */
function waitingResult(state: SessionState, resultId: string, running: RuntimeBot): ResultUpdate | undefined {
  const stack = state.linkStack ?? [];
  const level = stack.findLastIndex((frame) => frame.separate?.resultId === resultId);
  if (level < 0) return undefined;
  const frame = stack[level];
  return {
    resultId,
    ...owner(stack, level, running),
    variables: frame.variables,
    answerCount: frame.separate!.resultAnswers,
    finished: false,
  };
}

/**
 * Every result a turn touched, as it stands after the turn: the one it started on, and those it
 * moved to or finished on the way. Previews have none.
 */
export function touchedResults(
  before: SessionState,
  after: SessionState,
  running: RuntimeBot,
  trail: ResultTrail | undefined,
  ended: boolean,
): ResultUpdate[] {
  const ids = [...new Set([before.resultId, ...(trail?.entered ?? [])])].filter((id): id is string => Boolean(id));
  const finished = new Map((trail?.finished ?? []).map((update) => [update.resultId, update]));
  const updates: ResultUpdate[] = [];
  for (const id of ids) {
    const update =
      finished.get(id) ??
      (id === after.resultId ? currentResult(after, running, ended) : waitingResult(after, id, running));
    if (update) updates.push(update);
  }
  return updates;
}

/** Two steps of one turn (a start that answers its first input): the later one's view of a result wins. */
export function mergeResultUpdates(earlier: readonly ResultUpdate[], later: readonly ResultUpdate[]): ResultUpdate[] {
  const laterIds = new Set(later.map((update) => update.resultId));
  return [...earlier.filter((update) => !laterIds.has(update.resultId)), ...later];
}
