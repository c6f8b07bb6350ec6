import { AppError, notFound } from "../../errors.js";
import { buildChatCompletionRequest } from "../../engine/blocks/integrations/openai-request.js";
import type { SessionState } from "../../engine/session-state.js";
import { aiActions } from "../../schemas/blocks/integrations/ai/ai-options.js";
import { knowledgeAnswerStreamRequest } from "../../engine/blocks/integrations/knowledge/knowledge-answer.js";
import type { RuntimeBot } from "../../engine/runtime-bot.js";
import type { AiBlock, KnowledgeAnswerBlock } from "../../schemas/blocks/index.js";
import { isAiBlock } from "../../engine/blocks/integrations/ai/ai-block.js";
import { chatCompletionRequest } from "../../engine/blocks/integrations/ai/chat-completion.js";
import type { AiChatRequest, IntegrationScope } from "../../engine/ports.js";
import type { AppContext } from "../context.js";
import type { CallingOrigin } from "./origin.js";
import { sessionWaitingPoint } from "./sessions.js";
import { streamDifyBlock } from "./stream-dify.js";

/**
 * The text of the completion the session waits for, as it is produced: the session must be waiting
 * on an AI block (or the legacy OpenAI block) that answered a `stream` action. The messages are rebuilt from the session's
 * variables; whatever the client sends is ignored, so the route cannot be used to ask the model
 * anything else with the workspace's key.
 */
export async function streamMessage(
  ctx: AppContext,
  sessionId: string,
  origin: CallingOrigin,
): Promise<AsyncIterable<string>> {
  const { session, state, bot, block } = await sessionWaitingPoint(ctx, sessionId, origin);
  if (!bot || !block) throw notFound("Could not find current block");
  const scope = { workspaceId: state.workspaceId, botId: bot.id, mode: state.mode };
  if (isAiBlock(block)) return streamAiBlock(ctx, block, state, scope);
  if (block.type === "dify-ai") return streamDifyBlock(ctx, session, state, block.options, scope);
  if (block.type === "knowledge answer") return streamKnowledgeAnswer(ctx, block, bot, state, scope);
  if (block.type !== "OpenAI" || (block.options?.task ?? "Create chat completion") !== "Create chat completion")
    throw new AppError("NO_STREAM", "This block does not have a stream function");
  const completion = ctx.ports.chatCompletion;
  if (!completion) throw new AppError("SERVICE_UNAVAILABLE", "Chat completions are not available on this server");
  const { request } = buildChatCompletionRequest(block.options ?? {}, state.variables);
  const result = await completion.stream(request, scope);
  // The model's own error (bad key, unknown model) is the client's to show; it is not a fault of this server.
  if (!result.ok)
    throw new AppError("CHAT_COMPLETION_FAILED", result.details ? `${result.error}: ${result.details}` : result.error);
  return result.chunks;
}

async function streamKnowledgeAnswer(
  ctx: AppContext,
  block: KnowledgeAnswerBlock,
  bot: RuntimeBot,
  state: SessionState,
  scope: IntegrationScope,
): Promise<AsyncIterable<string>> {
  const request = await knowledgeAnswerStreamRequest(block, { bot, state, ports: ctx.ports, format: "richText" });
  if ("status" in request) throw new AppError("CHAT_COMPLETION_FAILED", request.description);
  return streamedChat(ctx, request, scope);
}

async function streamAiBlock(
  ctx: AppContext,
  { type: provider, options = {} }: AiBlock,
  state: SessionState,
  scope: IntegrationScope,
): Promise<AsyncIterable<string>> {
  const { action } = options;
  const isChat =
    action === aiActions.chatCompletion || (provider === "anthropic" && action === aiActions.anthropicChat);
  if (!isChat) throw new AppError("NO_STREAM", "This block does not have a stream function");
  const built = chatCompletionRequest(provider, options, state.variables, ctx.ports);
  if ("log" in built) throw new AppError("CHAT_COMPLETION_FAILED", built.log.description);
  return streamedChat(ctx, built.request, scope);
}

/** The model's answer as it comes; a failure before the first word is an error for the client to show. */
async function streamedChat(
  ctx: AppContext,
  request: AiChatRequest,
  scope: IntegrationScope,
): Promise<AsyncIterable<string>> {
  if (!ctx.ports.ai) throw new AppError("SERVICE_UNAVAILABLE", "AI models are not available on this server");
  const result = await ctx.ports.ai.streamChat(request, scope);
  if (!result.ok) {
    if (result.error.startsWith("Could not find credentials")) throw notFound("Could not find credentials");
    throw new AppError("CHAT_COMPLETION_FAILED", result.details ? `${result.error}: ${result.details}` : result.error);
  }
  return result.chunks;
}
