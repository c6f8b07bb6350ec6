import type { RuntimeBot } from "./runtime-bot.js";
import type { FlowPoint, LinkFrame, SessionState } from "./session-state.js";
import type { VariableLike } from "./variables/types.js";

/** Values pass between linked bots by variable name. */
export function copyValuesByName(target: readonly VariableLike[], source: readonly VariableLike[]): VariableLike[] {
  const values = new Map(source.filter((v) => v.value !== undefined && v.value !== null).map((v) => [v.name, v.value]));
  return target.map((variable) =>
    values.has(variable.name) ? { ...variable, value: values.get(variable.name) } : variable,
  );
}

export type LinkEntry = {
  /** The bot running the Bot link block. */
  parent: RuntimeBot;
  child: RuntimeBot;
  /** Where the parent goes on when the child is done. */
  resumeAt: FlowPoint | undefined;
  mergeResults: boolean;
  /** A fresh result id, for a child that keeps its own result in a live chat. */
  newResultId: () => string;
};

/**
 * Into a linked bot: the parent's place, variables and navigation wait in a frame, and the child's
 * variables start with the parent's values by name. A child that does not merge results starts with
 * no answers, on a result of its own (live chats only: previews have none).
 */
export function enterLinkedBot(state: SessionState, entry: LinkEntry): SessionState {
  const { parent, child } = entry;
  const frame: LinkFrame = {
    botId: parent.id,
    ...(parent.versionId ? { botVersionId: parent.versionId } : {}),
    resumeAt: entry.resumeAt,
    variables: state.variables,
    returnTo: state.returnTo,
    resumeStack: state.resumeStack,
  };
  const entered: SessionState = {
    ...state,
    currentBotId: child.id,
    variables: child === parent ? state.variables : copyValuesByName(child.document.variables, state.variables),
    returnTo: undefined,
    resumeStack: undefined,
  };
  if (entry.mergeResults) return { ...entered, linkStack: [...(state.linkStack ?? []), frame] };
  const parentResult = {
    resultAnswers: state.resultAnswers,
    ...(state.resultId ? { resultId: state.resultId } : {}),
  };
  return {
    ...entered,
    linkStack: [...(state.linkStack ?? []), { ...frame, separate: { answers: state.answers, ...parentResult } }],
    answers: [],
    ...(state.resultId ? { resultId: entry.newResultId(), resultAnswers: 0 } : {}),
  };
}

/**
 * Back in the bot that linked. After a merging child its variables take the child's values by name;
 * after a child with its own result it gets back its variables, answers and result as they were.
 */
export function leaveLinkedBot(state: SessionState, frame: LinkFrame, stack: LinkFrame[]): SessionState {
  const back: SessionState = {
    ...state,
    currentBotId: stack.length > 0 ? frame.botId : undefined,
    linkStack: stack.length > 0 ? stack : undefined,
    returnTo: frame.returnTo,
    resumeStack: frame.resumeStack,
  };
  if (!frame.separate) return { ...back, variables: copyValuesByName(frame.variables, state.variables) };
  const { answers, resultId, resultAnswers } = frame.separate;
  return { ...back, variables: frame.variables, answers, ...(resultId ? { resultId, resultAnswers } : {}) };
}
