import { isInputBlock, type Block, type InputBlock } from "../schemas/blocks/index.js";
import type { RuntimeBot } from "./runtime-bot.js";
import type { SessionAnswer, SessionState } from "./session-state.js";
import { textAnswerContent } from "./replies/text.js";
import { appendTranscript } from "./transcript.js";
import type { ReplyMessage } from "./replies/types.js";
import { setVariableValues, type VariableUpdate } from "./variables/update.js";
import type { VariableLike, VariableValue } from "./variables/types.js";

/** An answer to persist, on the result it was given to (unset in previews, which keep none). */
export type NewAnswer = {
  resultId?: string;
  blockId: string;
  groupId: string;
  content: string;
  attachedFileUrls?: string[];
  position: number;
};

/** The answer key: the input's variable name, else its group title, " (n)" for the n-th later input of the group. */
export function answerKey(bot: RuntimeBot, block: InputBlock, variables: readonly VariableLike[]): string {
  const variableId = (block.options as { variableId?: string } | undefined)?.variableId;
  const variable = variableId ? variables.find((v) => v.id === variableId) : undefined;
  if (variable) return variable.name;
  const location = bot.blockById.get(block.id);
  if (!location) return block.id;
  const inputsBefore = (location.group.blocks.slice(0, location.blockIndex) as Block[]).filter(isInputBlock).length;
  return inputsBefore === 0 ? location.group.title : `${location.group.title} (${inputsBefore})`;
}

/** Appends to a list variable, replaces anything else. */
function written(current: VariableValue | undefined, value: string): VariableValue {
  return Array.isArray(current) ? [...current, value] : value;
}

/**
 * Applies an accepted answer to the state: the input's variable, the text input's attachment
 * variable, the answers list (latest per key) and the answer counters. The answer goes to the
 * session's current result: a linked bot's own while it runs without merging results.
 */
export function saveAnswer(
  bot: RuntimeBot,
  state: SessionState,
  block: InputBlock,
  content: string,
  reply: ReplyMessage | undefined,
  extraUpdates: VariableUpdate[] = [],
): { state: SessionState; answer: NewAnswer } {
  const options = (block.options ?? {}) as {
    variableId?: string;
    attachments?: { isEnabled?: boolean; saveVariableId?: string };
    audioClip?: { isEnabled?: boolean; saveVariableId?: string };
  };
  const files = reply?.attachedFileUrls?.length ? reply.attachedFileUrls : undefined;
  const updates: VariableUpdate[] = [...extraUpdates];
  const find = (id: string) => state.variables.find((v) => v.id === id)?.value;
  if (options.variableId) updates.push({ id: options.variableId, value: written(find(options.variableId), content) });
  const attachmentsVariableId = options.attachments?.isEnabled ? options.attachments.saveVariableId : undefined;
  if (block.type === "text input" && files && attachmentsVariableId) {
    const current = find(attachmentsVariableId);
    updates.push({
      id: attachmentsVariableId,
      value: Array.isArray(current) ? [...current, ...files] : files.length === 1 ? files[0] : files,
    });
  }
  const audioVariableId = options.audioClip?.isEnabled ? options.audioClip.saveVariableId : undefined;
  if (block.type === "text input" && reply?.isAudioClip && audioVariableId)
    updates.push({ id: audioVariableId, value: reply.text });
  const variables = setVariableValues(state.variables, updates);
  const key = answerKey(bot, block, state.variables);
  const answerValue = block.type === "text input" ? textAnswerContent(content, files) : content;
  const saved: SessionAnswer = { key, blockId: block.id, value: answerValue };
  const answers: SessionAnswer[] = [...state.answers.filter((a) => a.key !== key), saved];
  const location = bot.blockById.get(block.id);
  const position = state.resultAnswers;
  return {
    state: {
      ...state,
      variables,
      answers,
      transcript: appendTranscript(state.transcript, "user", answerValue),
      totalAnswers: state.totalAnswers + 1,
      resultAnswers: state.resultAnswers + 1,
    },
    answer: {
      ...(state.resultId ? { resultId: state.resultId } : {}),
      blockId: block.id,
      groupId: location?.group.id ?? "",
      content,
      attachedFileUrls: files,
      position,
    },
  };
}
