import type { AiBlock } from "../../../../schemas/blocks/index.js";
import type { ChatLog } from "../../../../schemas/chat.js";
import type { AiChatRequest, AiFailure, AiProvider, AiUsage, EnginePorts } from "../../../ports.js";
import { serializeVariableValue } from "../../../variables/serialize.js";
import { substituteVariables } from "../../../variables/substitute.js";
import type { VariableLike } from "../../../variables/types.js";
import type { ActionOutcome, ExecutionContext, VariableUpdate } from "../../executor.js";
import { integrationScope } from "../integration-scope.js";
import { pastStreamBubble, streamBubbleAfter } from "../stream-target.js";
import { aiMessages, aiTools, numberOption } from "./ai-inputs.js";

/** Any AI block's options: every one of them completes chats. */
type Options = NonNullable<AiBlock["options"]>;
type AiBlockShape = { id: string; outgoingEdgeId?: string; options?: Options };
const CONTEXT = "While generating chat completion";

export const errorLog = (description: string, details?: string, context?: string): ChatLog => ({
  status: "error",
  description,
  ...(details ? { details } : {}),
  ...(context ? { context } : {}),
});

/** A failed call's log; a missing credential reads exactly as the reference's, without context. */
export const failureLog = (failure: AiFailure, context: string): ChatLog =>
  failure.status === undefined && failure.error.startsWith("Could not find credentials")
    ? errorLog(failure.error)
    : errorLog(failure.error, failure.details, context);

/** The variable the answer's text goes to: a "Message content" mapping, or one without an item. */
export function chatAnswerVariable(options: Options, variables: readonly VariableLike[]): VariableLike | undefined {
  const mapping = options.responseMapping?.find(
    (candidate) => (candidate.item ?? "Message content") === "Message content" && candidate.variableId,
  );
  return mapping ? variables.find((variable) => variable.id === mapping.variableId) : undefined;
}

/**
 * The completion request of a chat block from the current variables, or the log saying why there is
 * none (the reference's guard texts). `tools` collect the variables their code sets.
 */
export function chatCompletionRequest(
  provider: AiProvider,
  options: Options,
  variables: readonly VariableLike[],
  ports: Pick<EnginePorts, "sandbox">,
): { request: AiChatRequest; tools: ReturnType<typeof aiTools> } | { log: ChatLog } {
  if (!options.credentialsId) return { log: errorLog(`Could not find credentials for block ${provider}`) };
  const model = substituteVariables(options.model ?? "", variables).trim();
  if (!model) return { log: errorLog("No model provided") };
  const system = options.systemMessage ? substituteVariables(options.systemMessage, variables).trim() : "";
  const messages = [
    ...(system ? [{ role: "system" as const, content: system }] : []),
    ...aiMessages(options.messages, variables),
  ];
  if (!messages.some((message) => message.role !== "system")) return { log: errorLog("No messages provided") };
  const tools = aiTools(options.tools, variables, ports.sandbox);
  const temperature = numberOption(options.temperature, variables);
  return {
    request: {
      provider,
      credentialsId: options.credentialsId,
      model,
      messages,
      ...(temperature !== undefined ? { temperature } : {}),
      ...(tools.tools.length ? { tools: tools.tools } : {}),
    },
    tools,
  };
}

/** The answer and token counts into the mapped variables (only variables the bot has). */
export function chatResponseUpdates(
  options: Options,
  variables: readonly VariableLike[],
  text: string,
  usage: AiUsage | undefined,
): VariableUpdate[] {
  const updates: VariableUpdate[] = [];
  for (const mapping of options.responseMapping ?? []) {
    if (!mapping.variableId || !variables.some((variable) => variable.id === mapping.variableId)) continue;
    const item = mapping.item ?? "Message content";
    const value =
      item === "Message content"
        ? text
        : item === "Total tokens"
          ? usage?.totalTokens
          : item === "Prompt tokens"
            ? usage?.promptTokens
            : item === "Completion tokens"
              ? usage?.completionTokens
              : undefined; // an OpenAI block's item of another action (Ask Model's "Response ID")
    if (value !== undefined) updates.push({ id: mapping.variableId, value: serializeVariableValue(value) });
  }
  return updates;
}

/**
 * "Create chat completion" (Anthropic: "Create Chat Message") of any AI block. Anthropic's "Max tokens"
 * is shown by the builder but, as in the reference, not sent. With streaming on and
 * the next bubble showing only the answer, the turn ends with a `stream` action instead; the answer
 * then comes back as the client's reply (`resumeChatCompletion`).
 */
export async function runChatCompletion(
  provider: AiProvider,
  block: AiBlockShape,
  ctx: ExecutionContext,
): Promise<ActionOutcome> {
  const next = { outgoingEdgeId: block.outgoingEdgeId };
  const options = block.options ?? {};
  const variables = ctx.state.variables;
  const target = chatAnswerVariable(options, variables);
  if (ctx.state.isStreamEnabled && target && streamBubbleAfter(ctx.bot, block.id, target.name))
    return { ...next, clientSideActions: [{ type: "stream", stream: true, expectsDedicatedReply: true }] };
  const built = chatCompletionRequest(provider, options, variables, ctx.ports);
  if ("log" in built) return { ...next, logs: [built.log] };
  if (!ctx.ports.ai) return { ...next, logs: [errorLog("AI models are not available on this server")] };
  const result = await ctx.ports.ai.chat(built.request, integrationScope(ctx));
  const fromTools = { toolUpdates: built.tools.updates, toolLogs: built.tools.logs };
  if (!result.ok)
    return {
      ...next,
      ...(fromTools.toolUpdates.length ? { variables: fromTools.toolUpdates } : {}),
      logs: [...fromTools.toolLogs, failureLog(result, CONTEXT)],
    };
  return {
    ...next,
    variables: [...fromTools.toolUpdates, ...chatResponseUpdates(options, variables, result.text, result.usage)],
    ...(fromTools.toolLogs.length ? { logs: fromTools.toolLogs } : {}),
  };
}

/** The streamed answer the client showed, saved; the bubble that showed it is passed over. */
export function resumeChatCompletion(
  block: AiBlockShape,
  reply: string | undefined,
  ctx: ExecutionContext,
): ActionOutcome {
  const options = block.options ?? {};
  const target = chatAnswerVariable(options, ctx.state.variables);
  const variables = reply && target ? [{ id: target.id, value: serializeVariableValue(reply) }] : [];
  return {
    ...(variables.length ? { variables } : {}),
    ...pastStreamBubble(ctx.bot, block.id, target?.name, block.outgoingEdgeId),
  };
}
