import type { ChatLog, ClientSideAction } from "../../../schemas/chat.js";
import type { ActionExecutor } from "../executor.js";
import { mapResponseReads, type MappedResponse } from "../integrations/response-mapping.js";

/**
 * What the client is told while the walk waits for the outside call: the reference's action, plus the
 * block's id, which Parley's client names when it opens the session's events stream.
 */
export const listenForWebhookAction = (blockId: string): ClientSideAction => ({
  type: "listenForWebhook",
  expectsDedicatedReply: true,
  blockId,
});

export const webhookMappingFailedDescription = "A value could not be read from the webhook's body";

/**
 * Wait for webhook (lowercase "webhook"): the walk pauses here until an outside system posts to the
 * block's resume route. The services hand the posted body over as the reply (JSON text); each
 * `bodyPath` reads it as `data` (with `statusCode` 200), and a path that fails leaves its variable
 * as it was, with a log saying which.
 */
export const webhookExecutor: ActionExecutor<"webhook"> = {
  kind: "action",
  execute: (block) => ({ outgoingEdgeId: block.outgoingEdgeId, clientSideActions: [listenForWebhookAction(block.id)] }),
  async resume(block, reply, ctx) {
    const response: MappedResponse = { statusCode: 200, data: parseBody(reply) };
    const { updates, failedPaths } = await mapResponseReads(block.options?.responseVariableMapping, response, ctx);
    const logs: ChatLog[] = failedPaths.map((path) => ({
      status: "error",
      description: webhookMappingFailedDescription,
      details: `Body path: ${path}`,
    }));
    return {
      outgoingEdgeId: block.outgoingEdgeId,
      ...(updates.length ? { variables: updates } : {}),
      ...(logs.length ? { logs } : {}),
    };
  },
};

/** The posted body is JSON; anything else is kept as its text. */
function parseBody(reply: string | undefined): unknown {
  if (reply === undefined) return undefined;
  try {
    return JSON.parse(reply);
  } catch {
    return reply;
  }
}
