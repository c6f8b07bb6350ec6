import { AppError, notFound } from "../../errors.js";
import {
  DIFY_CHAT_CONTEXT,
  difyChatRequest,
  difyResultUpdates,
} from "../../engine/blocks/integrations/plugins/dify-ai.js";
import type { IntegrationScope } from "../../engine/ports.js";
import type { SessionState } from "../../engine/session-state.js";
import { setVariableValues } from "../../engine/variables/update.js";
import { nowIso } from "../../lib/ids.js";
import { type DifyAiOptions, difyActions } from "../../schemas/blocks/integrations/plugins/dify-ai-options.js";
import type { SessionRow } from "../../store/database.js";
import { SessionConflictError } from "../../store/chat-repository.js";
import type { AppContext } from "../context.js";
import { storedState } from "./turn-writes.js";

/**
 * A Dify.AI chat message's answer as it is produced. Once it ended, the conversation id and token
 * counts are written into the session before the stream closes, so the client's next message (the
 * answer it showed) continues a session that already knows them.
 */
export async function streamDifyBlock(
  ctx: AppContext,
  session: SessionRow,
  state: SessionState,
  options: DifyAiOptions = {},
  scope: IntegrationScope,
): Promise<AsyncIterable<string>> {
  if (options.action !== difyActions.chatMessage)
    throw new AppError("NO_STREAM", "This block does not have a stream function");
  const built = difyChatRequest(options, state.variables);
  if ("log" in built) {
    if (built.log.description.startsWith("Could not find credentials")) throw notFound("Could not find credentials");
    throw new AppError("CHAT_COMPLETION_FAILED", built.log.description);
  }
  const port = ctx.ports.difyAi;
  if (!port) throw new AppError("SERVICE_UNAVAILABLE", "Dify.AI is not available on this server");
  const streamed = await port.streamChatMessage(built.request, scope);
  if (!streamed.ok) {
    if (streamed.error.startsWith("Could not find credentials")) throw notFound("Could not find credentials");
    throw new AppError(
      "CHAT_COMPLETION_FAILED",
      `${DIFY_CHAT_CONTEXT}: ${streamed.details ? `${streamed.error}: ${streamed.details}` : streamed.error}`,
    );
  }
  return (async function* () {
    yield* streamed.chunks;
    const result = await streamed.result;
    if (!result.ok) return;
    const updates = difyResultUpdates(options, state.variables, result, false);
    if (updates.length === 0) return;
    const next = { ...state, variables: setVariableValues(state.variables, updates) };
    try {
      await ctx.chat.writeTurn({
        session: {
          kind: "update",
          id: session.id,
          expectedRevision: session.revision,
          state: storedState(ctx, next),
          updatedAt: nowIso(),
        },
        results: [],
        answers: [],
        logs: [],
      });
    } catch (error) {
      // The chat moved on meanwhile (another tab): that turn's state stands.
      if (!(error instanceof SessionConflictError)) throw error;
    }
  })();
}
