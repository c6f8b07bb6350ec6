import { openAiDefaults } from "../../../schemas/blocks/catalogue/integrations.js";
import type { OpenAiBlock } from "../../../schemas/blocks/integrations/openai.js";
import type { ChatLog } from "../../../schemas/chat.js";
import type { ChatCompletionUsage } from "../../ports.js";
import type { VariableLike } from "../../variables/types.js";
import { setVariableValues } from "../../variables/update.js";
import type { ActionExecutor, ActionOutcome, VariableUpdate } from "../executor.js";
import { integrationScope } from "./integration-scope.js";
import { buildChatCompletionRequest, messageContentVariable } from "./openai-request.js";
import { pastStreamBubble, streamBubbleAfter } from "./stream-target.js";

const missingAccountLog: ChatLog = { status: "error", description: "Make sure to select an OpenAI account" };

/**
 * The legacy "OpenAI" block, task "Create chat completion", against any OpenAI-compatible server.
 * When the client streams (`isStreamEnabled`) and the next bubble shows only the reply, the block
 * answers a `stream` action instead; the client fetches the text from `streamMessage`, shows it, and
 * sends it back as its reply, which `resume` stores (the bubble, already shown, is skipped).
 */
export const openAiExecutor: ActionExecutor<"OpenAI"> = {
  kind: "action",
  async execute(block, ctx) {
    const next = { outgoingEdgeId: block.outgoingEdgeId };
    const options = block.options ?? {};
    const task = options.task ?? openAiDefaults.task;
    if (task !== "Create chat completion")
      return {
        ...next,
        logs: [{ status: "error", description: `OpenAI task "${task}" is not supported by this server` }],
      };
    // A custom server (a local model) may need no key; OpenAI itself always does.
    if (!options.credentialsId && (!options.baseUrl || options.baseUrl === openAiDefaults.baseUrl))
      return { ...next, logs: [missingAccountLog] };
    const { request, listUpdates } = buildChatCompletionRequest(options, ctx.state.variables);
    const withLists = listUpdates.length ? { variables: listUpdates } : {};

    const target = messageContentVariable(options, ctx.state.variables);
    if (ctx.state.isStreamEnabled && target && streamBubbleAfter(ctx.bot, block.id, target.name))
      return {
        ...next,
        ...withLists,
        clientSideActions: [{ type: "stream", stream: true, expectsDedicatedReply: true }],
      };
    if (request.messages.length === 0) return { ...next, ...withLists };
    if (!ctx.ports.chatCompletion)
      return {
        ...next,
        ...withLists,
        logs: [{ status: "error", description: "Chat completions are not available on this server" }],
      };

    const result = await ctx.ports.chatCompletion.complete(request, integrationScope(ctx));
    if (!result.ok)
      return {
        ...next,
        ...withLists,
        logs: [{ status: "error", description: result.error, ...(result.details ? { details: result.details } : {}) }],
      };
    if (result.content.trim() === "") return { ...next, ...withLists };
    const variables = setVariableValues(ctx.state.variables, listUpdates);
    return { ...next, variables: [...listUpdates, ...responseUpdates(block, variables, result.content, result.usage)] };
  },

  /** The reply is the streamed text the client showed; the bubble that showed it is skipped. */
  resume(block, reply, ctx) {
    const updates = reply ? responseUpdates(block, ctx.state.variables, reply, undefined) : [];
    const outcome: ActionOutcome = updates.length ? { variables: updates } : {};
    const target = messageContentVariable(block.options ?? {}, ctx.state.variables);
    return { ...outcome, ...pastStreamBubble(ctx.bot, block.id, target?.name, block.outgoingEdgeId) };
  },
};

/** Message content is appended to a list variable and replaces anything else; token counts are numbers. */
function responseUpdates(
  block: OpenAiBlock,
  variables: readonly VariableLike[],
  content: string,
  usage: ChatCompletionUsage | undefined,
): VariableUpdate[] {
  const updates: VariableUpdate[] = [];
  for (const mapping of block.options?.responseMapping ?? []) {
    const variable = mapping.variableId
      ? variables.find((candidate) => candidate.id === mapping.variableId)
      : undefined;
    if (!variable) continue;
    const valueToExtract = mapping.valueToExtract ?? openAiDefaults.responseMappingEntry.valueToExtract;
    if (valueToExtract === "Message content") {
      updates.push({ id: variable.id, value: Array.isArray(variable.value) ? [...variable.value, content] : content });
      continue;
    }
    const tokens =
      valueToExtract === "Total tokens"
        ? usage?.totalTokens
        : valueToExtract === "Prompt tokens"
          ? usage?.promptTokens
          : valueToExtract === "Completion tokens"
            ? usage?.completionTokens
            : undefined;
    if (tokens !== undefined) updates.push({ id: variable.id, value: String(tokens) });
  }
  return updates;
}
