import { AppError, notFound } from "../../errors.js";
import { buildChatCompletionRequest } from "../../engine/blocks/integrations/openai-request.js";
import { loadSessionState } from "../../schemas/session-state-upgrade.js";
import type { Block } from "../../schemas/blocks/index.js";
import { nowIso } from "../../lib/ids.js";
import type { AppContext } from "../context.js";
import { assertOriginAllowed } from "./origin.js";
import { requireLiveSession, sessionBot } from "./sessions.js";

/**
 * The text of the completion the session waits for, as it is produced: the session must be waiting
 * on an OpenAI block that answered a `stream` action. The messages are rebuilt from the session's
 * variables; whatever the client sends is ignored, so the route cannot be used to ask the model
 * anything else with the workspace's key.
 */
export async function streamMessage(
  ctx: AppContext,
  sessionId: string,
  origin: string | undefined,
): Promise<AsyncIterable<string>> {
  const session = await requireLiveSession(ctx, sessionId, nowIso());
  const root = await sessionBot(ctx, session);
  if (session.botVersionId !== null) assertOriginAllowed(root, origin);
  const state = loadSessionState(session.state);
  const bot =
    state.currentBotId && state.currentBotId !== root.id
      ? await ctx.ports.bots?.load(state.currentBotId, state.mode, state.workspaceId)
      : root;
  const block = state.currentBlockId
    ? (bot?.blockById.get(state.currentBlockId)?.block as Block | undefined)
    : undefined;
  if (!bot || !block) throw notFound("Could not find current block");
  if (block.type !== "OpenAI" || (block.options?.task ?? "Create chat completion") !== "Create chat completion")
    throw new AppError("NO_STREAM", "This block does not have a stream function");
  const completion = ctx.ports.chatCompletion;
  if (!completion) throw new AppError("SERVICE_UNAVAILABLE", "Chat completions are not available on this server");
  const { request } = buildChatCompletionRequest(block.options ?? {}, state.variables);
  const result = await completion.stream(request, { workspaceId: state.workspaceId, botId: bot.id, mode: state.mode });
  // The model's own error (bad key, unknown model) is the client's to show; it is not a fault of this server.
  if (!result.ok)
    throw new AppError("CHAT_COMPLETION_FAILED", result.details ? `${result.error}: ${result.details}` : result.error);
  return result.chunks;
}
