import { AppError } from "../../../errors.js";
import type { HttpRequestBlock, HttpRequestBlockType } from "../../../schemas/blocks/integrations/http-request.js";
import type { ChatLog } from "../../../schemas/chat.js";
import type { ActionExecutor, ActionOutcome, ExecutionContext } from "../executor.js";
import { buildHttpRequest, type BuiltHttpRequest } from "./http-request-build.js";
import { mapResponse, type MappedResponse } from "./response-mapping.js";

// Exact reference wording (typo included): live chats hide these logs from visitors by description.
export const httpSuccessDescription = "Webhook successfuly executed.";
export const httpErrorDescription = "Webhook returned an error.";

/**
 * "Webhook", "Zapier", "Make.com" and "Pabbly": sends the request (or asks the client to, and waits
 * for its `{statusCode, data}`), copies the response into variables and goes on along the block's edge,
 * whatever the status.
 */
export const httpRequestExecutor: ActionExecutor<HttpRequestBlockType> = {
  kind: "action",
  async execute(block, ctx) {
    if (!block.options?.webhook) return { outgoingEdgeId: block.outgoingEdgeId };
    const request = buildHttpRequest(block, ctx);
    if (!request)
      return {
        outgoingEdgeId: block.outgoingEdgeId,
        logs: [{ status: "error", description: "Couldn't parse webhook attributes" }],
      };
    if (block.options.isExecutedOnClient) {
      const { url, method, headers, clientBody } = request;
      return {
        outgoingEdgeId: block.outgoingEdgeId,
        clientSideActions: [
          {
            type: "httpRequestToExecute",
            httpRequestToExecute: { url, method, headers, ...(clientBody !== undefined ? { body: clientBody } : {}) },
            expectsDedicatedReply: true,
          },
        ],
      };
    }
    const http = ctx.ports.http;
    if (!http)
      return {
        outgoingEdgeId: block.outgoingEdgeId,
        logs: [{ status: "error", description: "HTTP requests are not available on this server" }],
      };
    const response = await http.request({
      url: request.url,
      method: request.method,
      headers: request.headers,
      body: request.body,
      timeoutMs: request.timeoutMs,
    });
    const failed = response.error !== undefined || response.statusCode >= 400;
    const log: ChatLog = {
      status: failed ? "error" : "success",
      description: failed ? httpErrorDescription : httpSuccessDescription,
      details: {
        statusCode: response.statusCode,
        ...(response.error ? { error: response.error.message } : {}),
        request: loggedRequest(request),
        response: response.data,
      },
    };
    return finish(block, { statusCode: response.statusCode, data: response.data }, [log], ctx);
  },

  async resume(block, reply, ctx) {
    const response = parseClientResponse(reply);
    const failed = response.statusCode >= 400;
    const log: ChatLog = failed
      ? { status: "error", description: "Webhook returned error", details: response.data }
      : { status: "success", description: "Webhook executed successfully!", details: response.data };
    return finish(block, response, [log], ctx);
  },
};

async function finish(
  block: HttpRequestBlock,
  response: MappedResponse,
  logs: ChatLog[],
  ctx: ExecutionContext,
): Promise<ActionOutcome> {
  const variables = await mapResponse(block.options?.responseVariableMapping, response, ctx);
  return { outgoingEdgeId: block.outgoingEdgeId, logs, ...(variables.length ? { variables } : {}) };
}

/** The client answers `JSON.stringify({ statusCode, data })`. */
function parseClientResponse(reply: string | undefined): MappedResponse {
  let parsed: unknown;
  try {
    parsed = JSON.parse(reply ?? "");
  } catch {
    throw new AppError("INVALID_HTTP_RESPONSE", "Provided response is not valid JSON");
  }
  const record = typeof parsed === "object" && parsed !== null ? (parsed as Record<string, unknown>) : {};
  const statusCode = typeof record.statusCode === "number" ? record.statusCode : Number(record.statusCode) || 200;
  return { statusCode, data: record.data };
}

function loggedRequest(request: BuiltHttpRequest) {
  return {
    url: request.url,
    method: request.method,
    headers: request.headers,
    ...(request.body !== undefined ? { body: request.body } : {}),
    timeout: request.timeoutMs / 1000,
  };
}
