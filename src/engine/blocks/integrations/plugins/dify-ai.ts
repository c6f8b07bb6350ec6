import {
  type DifyAiOptions,
  difyActions,
  difyDefaultUser,
  difyLegacyResponseItems,
} from "../../../../schemas/blocks/integrations/plugins/dify-ai-options.js";
import type { ChatLog } from "../../../../schemas/chat.js";
import type { DifyChatRequest, DifyChatResult } from "../../../ports.js";
import { substituteVariables } from "../../../variables/substitute.js";
import type { VariableLike } from "../../../variables/types.js";
import type { ActionOutcome, ExecutionContext, VariableUpdate } from "../../executor.js";
import { errorLog } from "../ai/chat-completion.js";
import { integrationScope } from "../integration-scope.js";
import { pastStreamBubble, streamBubbleAfter } from "../stream-target.js";
import {
  filledText,
  type PluginBlockOf,
  pluginExecutor,
  pluginFailureLog,
  saveInVariable,
  unavailableLog,
} from "./plugin-block.js";

export const DIFY_CHAT_CONTEXT = "While generating chat completion";

type DifyBlock = PluginBlockOf<"dify-ai">;

/** The mapping with the items of older bots ("Answer", "Total Tokens") read as today's. */
const mappingOf = (options: DifyAiOptions) =>
  (options.responseMapping ?? []).map((mapping) => ({
    variableId: mapping.variableId,
    item:
      mapping.item === "Answer" || mapping.item === "Total Tokens"
        ? difyLegacyResponseItems[mapping.item]
        : (mapping.item ?? "Message content"),
  }));

/** The variable the answer goes to (and the client streams into). */
export function difyAnswerVariable(options: DifyAiOptions, variables: readonly VariableLike[]) {
  const mapping = mappingOf(options).find((entry) => entry.item === "Message content" && entry.variableId);
  return mapping ? variables.find((variable) => variable.id === mapping.variableId) : undefined;
}

/** The chat message to send from the current variables, or the log saying why there is none. */
export function difyChatRequest(
  options: DifyAiOptions,
  variables: readonly VariableLike[],
): { request: DifyChatRequest } | { log: ChatLog } {
  if (!options.credentialsId) return { log: errorLog("Could not find credentials for block dify-ai") };
  const query = filledText(options.query, variables);
  if (!query) return { log: errorLog("Query is empty") };
  const conversation = options.conversationVariableId
    ? variables.find((variable) => variable.id === options.conversationVariableId)?.value
    : undefined;
  const inputs: Record<string, string> = {};
  for (const input of options.inputs ?? []) {
    const key = filledText(input.key, variables);
    if (key) inputs[key] = substituteVariables(input.value ?? "", variables);
  }
  return {
    request: {
      credentialsId: options.credentialsId,
      query,
      user: filledText(options.user, variables) || difyDefaultUser,
      inputs,
      ...(typeof conversation === "string" && conversation ? { conversationId: conversation } : {}),
    },
  };
}

/**
 * What a finished answer sets: the conversation id (its own variable and a "Conversation ID" mapping)
 * and token counts; the answer itself too unless the client streamed it (`withAnswer: false`).
 */
export function difyResultUpdates(
  options: DifyAiOptions,
  variables: readonly VariableLike[],
  result: Extract<DifyChatResult, { ok: true }>,
  withAnswer: boolean,
): VariableUpdate[] {
  const updates = saveInVariable(variables, options.conversationVariableId, result.conversationId);
  for (const mapping of mappingOf(options)) {
    const value =
      mapping.item === "Message content"
        ? withAnswer
          ? result.answer
          : undefined
        : mapping.item === "Conversation ID"
          ? result.conversationId
          : mapping.item === "Total tokens"
            ? result.usage.totalTokens
            : mapping.item === "Prompt tokens"
              ? result.usage.promptTokens
              : mapping.item === "Completion tokens"
                ? result.usage.completionTokens
                : undefined;
    updates.push(...saveInVariable(variables, mapping.variableId, value));
  }
  return updates;
}

/**
 * "Create Chat Message": with streaming on and the next bubble showing only the answer, the turn ends
 * with a `stream` action and the client fetches the answer from streamMessage; otherwise the whole
 * answer is awaited here.
 */
async function createChatMessage(block: DifyBlock, ctx: ExecutionContext): Promise<ActionOutcome> {
  const next = { outgoingEdgeId: block.outgoingEdgeId };
  const options = block.options ?? {};
  const variables = ctx.state.variables;
  const target = difyAnswerVariable(options, variables);
  if (ctx.state.isStreamEnabled && target && streamBubbleAfter(ctx.bot, block.id, target.name))
    return { ...next, clientSideActions: [{ type: "stream", stream: true, expectsDedicatedReply: true }] };
  const built = difyChatRequest(options, variables);
  if ("log" in built) return { ...next, logs: [built.log] };
  if (!ctx.ports.difyAi) return { ...next, logs: [unavailableLog("Dify.AI")] };
  const result = await ctx.ports.difyAi.chatMessage(built.request, integrationScope(ctx));
  if (!result.ok) return { ...next, logs: [pluginFailureLog(result, DIFY_CHAT_CONTEXT)] };
  return { ...next, variables: difyResultUpdates(options, variables, result, true) };
}

/** The streamed answer the client showed, saved (the conversation id was saved by the stream); past its bubble. */
function resumeChatMessage(block: DifyBlock, reply: string | undefined, ctx: ExecutionContext): ActionOutcome {
  const options = block.options ?? {};
  const target = difyAnswerVariable(options, ctx.state.variables);
  const variables = target ? saveInVariable(ctx.state.variables, target.id, reply || undefined) : [];
  return {
    ...(variables.length ? { variables } : {}),
    ...pastStreamBubble(ctx.bot, block.id, target?.name, block.outgoingEdgeId),
  };
}

/** "Query Knowledge Base": the content of each retrieved chunk, as a list, into the mapped variables. */
async function queryKnowledgeBase(block: DifyBlock, ctx: ExecutionContext): Promise<ActionOutcome> {
  const next = { outgoingEdgeId: block.outgoingEdgeId };
  const options = block.options ?? {};
  const variables = ctx.state.variables;
  if (!options.credentialsId) return { ...next, logs: [errorLog("Could not find credentials for block dify-ai")] };
  const datasetId = filledText(options.datasetId, variables);
  if (!datasetId) return { ...next, logs: [errorLog("Knowledge Base ID is empty")] };
  const query = filledText(options.query, variables);
  if (!query) return { ...next, logs: [errorLog("Query is empty")] };
  if (!options.responseMapping?.some((mapping) => mapping.variableId))
    return { ...next, logs: [errorLog("Missing result variable")] };
  if (!ctx.ports.difyAi) return { ...next, logs: [unavailableLog("Dify.AI")] };
  const result = await ctx.ports.difyAi.retrieve(
    { credentialsId: options.credentialsId, datasetId, query },
    integrationScope(ctx),
  );
  if (!result.ok) return { ...next, logs: [pluginFailureLog(result, "While querying Dify knowledge base")] };
  return {
    ...next,
    variables: options.responseMapping.flatMap((mapping) =>
      saveInVariable(variables, mapping.variableId, result.chunks),
    ),
  };
}

export const difyAiExecutor = pluginExecutor(
  "dify-ai",
  { [difyActions.chatMessage]: createChatMessage, [difyActions.queryKnowledgeBase]: queryKnowledgeBase },
  // Only a chat message waits for the client (the streamed answer).
  resumeChatMessage,
);
