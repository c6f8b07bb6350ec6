import type { InputBlockType } from "../schemas/blocks/index.js";
import type { RuntimeBot } from "./runtime-bot.js";
import type { VariableUpdate } from "./variables/update.js";

/** How the reply events name input types (the reference's aliases). */
const inputTypeAliases: Record<InputBlockType, string> = {
  "text input": "text",
  "number input": "number",
  "email input": "email",
  "url input": "url",
  "date input": "date",
  "time input": "time",
  "phone number input": "phone",
  "choice input": "buttons",
  "picture choice input": "picture choice",
  "payment input": "payment",
  "rating input": "rating",
  "file input": "file",
  cards: "cards",
};

type ReplyEventOptions = { contentVariableId?: string; inputNameVariableId?: string; inputTypeVariableId?: string };

/** A connected event of that type, if the bot has one. */
export function findEvent(bot: RuntimeBot, type: "reply" | "invalidReply") {
  const event = bot.document.events.find((candidate) => candidate.type === type && candidate.outgoingEdgeId);
  return event as { outgoingEdgeId: string; options?: ReplyEventOptions } | undefined;
}

/** The variables a reply event fills: what was answered, to which input (group title), of which type. */
export function replyEventVariables(
  bot: RuntimeBot,
  event: { options?: ReplyEventOptions },
  blockId: string,
  type: InputBlockType,
  text: string | undefined,
): VariableUpdate[] {
  const options = event.options ?? {};
  const updates: VariableUpdate[] = [];
  if (options.contentVariableId) updates.push({ id: options.contentVariableId, value: text ?? null });
  if (options.inputNameVariableId)
    updates.push({ id: options.inputNameVariableId, value: bot.blockById.get(blockId)?.group.title ?? null });
  if (options.inputTypeVariableId) updates.push({ id: options.inputTypeVariableId, value: inputTypeAliases[type] });
  return updates;
}

export function findCommandEvent(bot: RuntimeBot, command: string) {
  const event = bot.document.events.find(
    (candidate) =>
      candidate.type === "command" && (candidate as { options?: { command?: string } }).options?.command === command,
  );
  return event as { outgoingEdgeId?: string; options?: { command?: string; resumeAfter?: boolean } } | undefined;
}
