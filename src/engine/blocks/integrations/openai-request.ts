import { openAiDefaults } from "../../../schemas/blocks/catalogue/integrations.js";
import type { OpenAiBlock, OpenAiMessage } from "../../../schemas/blocks/integrations/openai.js";
import { readVariableOrNumber } from "../../../schemas/blocks/shared.js";
import type { ChatCompletionMessage, ChatCompletionRequest } from "../../ports.js";
import { substituteVariables } from "../../variables/substitute.js";
import type { VariableLike } from "../../variables/types.js";
import type { VariableUpdate } from "../executor.js";

export type OpenAiOptions = NonNullable<OpenAiBlock["options"]>;

/**
 * The chat completion request of an OpenAI block, from the current variables. "Messages sequence ✨"
 * interleaves a list of user messages with a list of assistant messages; a variable holding one text
 * is turned into a list on the way (returned as `listUpdates`), so that later replies can be appended.
 * "Dialogue" reads one list that alternates speakers, starting with `startsBy` (default user).
 */
export function buildChatCompletionRequest(
  options: OpenAiOptions,
  variables: readonly VariableLike[],
): { request: ChatCompletionRequest; listUpdates: VariableUpdate[] } {
  const listUpdates: VariableUpdate[] = [];
  const listOf = (variableId: string | undefined): string[] => {
    const variable = variableId ? variables.find((candidate) => candidate.id === variableId) : undefined;
    const value = variable?.value;
    if (value === null || value === undefined) return [];
    if (Array.isArray(value)) return value.map((item) => item ?? "");
    if (variable && !listUpdates.some((update) => update.id === variable.id))
      listUpdates.push({ id: variable.id, value: [value] });
    return [value];
  };
  const messages = (options.messages ?? [])
    .flatMap((message) => toMessages(message, variables, listOf))
    .filter((message) => message.content.trim() !== "");
  const temperature = readTemperature(options, variables);
  const request: ChatCompletionRequest = {
    baseUrl: options.baseUrl || openAiDefaults.baseUrl,
    model: substituteVariables(options.model || openAiDefaults.model, variables),
    messages,
    ...(options.credentialsId ? { credentialsId: options.credentialsId } : {}),
    ...(options.apiVersion ? { apiVersion: options.apiVersion } : {}),
    ...(temperature !== undefined ? { temperature } : {}),
  };
  return { request, listUpdates };
}

function toMessages(
  message: OpenAiMessage,
  variables: readonly VariableLike[],
  listOf: (variableId: string | undefined) => string[],
): ChatCompletionMessage[] {
  if (message.role === "Messages sequence ✨") {
    const { userMessagesVariableId, assistantMessagesVariableId } = message.content ?? {};
    if (!userMessagesVariableId || !assistantMessagesVariableId) return [];
    const user = listOf(userMessagesVariableId);
    const assistant = listOf(assistantMessagesVariableId);
    // Whoever said more spoke first: a greeting stored as the first assistant message leads.
    const userFirst = user.length > assistant.length;
    const turns = Math.max(user.length, assistant.length);
    const result: ChatCompletionMessage[] = [];
    for (let index = 0; index < turns; index++) {
      const pair: ChatCompletionMessage[] = [
        { role: "user", content: user[index] ?? "" },
        { role: "assistant", content: assistant[index] ?? "" },
      ];
      result.push(...(userFirst ? pair : pair.reverse()));
    }
    return result;
  }
  if (message.role === "Dialogue") {
    if (!message.dialogueVariableId) return [];
    const first = message.startsBy ?? "user";
    const second = first === "user" ? "assistant" : "user";
    return listOf(message.dialogueVariableId).map((content, index) => ({
      role: index % 2 === 0 ? first : second,
      content,
    }));
  }
  if (!message.role) return [];
  const name = message.name ? substituteVariables(message.name, variables) : "";
  return [
    { role: message.role, content: substituteVariables(message.content ?? "", variables), ...(name ? { name } : {}) },
  ];
}

function readTemperature(options: OpenAiOptions, variables: readonly VariableLike[]): number | undefined {
  const raw = readVariableOrNumber(options.advancedSettings?.temperature);
  if (raw === undefined || typeof raw === "number") return raw;
  const parsed = Number.parseFloat(substituteVariables(raw, variables));
  return Number.isNaN(parsed) ? undefined : parsed;
}

/** The variable that receives the assistant's message (a mapping without a value to extract means it). */
export function messageContentVariable(
  options: OpenAiOptions,
  variables: readonly VariableLike[],
): VariableLike | undefined {
  const mapping = options.responseMapping?.find(
    (candidate) =>
      (candidate.valueToExtract ?? openAiDefaults.responseMappingEntry.valueToExtract) === "Message content" &&
      candidate.variableId,
  );
  return mapping ? variables.find((variable) => variable.id === mapping.variableId) : undefined;
}
