import type { HttpPort, HttpRequest, HttpResponse } from "../../engine/ports.js";
import { guardedRequest, RequestRefusedError, type AddressGuard } from "./guarded-request.js";
import { readBody } from "./read-body.js";
import { TurnDeadlineError } from "./turn-deadline-scope.js";

/**
 * The engine's outgoing HTTP: guarded, with a deadline, and never throwing. `keepOnOrigin`: for the
 * plug-in adapters whose calls carry a credential's key, a redirect to another origin is refused.
 */
export function createHttpPort(guard: AddressGuard, options: { keepOnOrigin?: boolean } = {}): HttpPort {
  return { request: (request) => sendRequest(request, guard, options.keepOnOrigin === true) };
}

async function sendRequest(request: HttpRequest, guard: AddressGuard, keepOnOrigin: boolean): Promise<HttpResponse> {
  const signal = AbortSignal.timeout(request.timeoutMs);
  try {
    const response = await guardedRequest({ ...request, signal, ...(keepOnOrigin ? { keepOnOrigin } : {}) }, guard);
    const text = await readBody(response);
    return { statusCode: response.statusCode ?? 500, data: parseData(text) };
  } catch (error) {
    if (error instanceof TurnDeadlineError)
      return { statusCode: 408, data: { message: error.message }, error: { kind: "timeout", message: error.message } };
    if (signal.aborted) {
      const message = `Request timed out. (${request.timeoutMs / 1000}s)`;
      return { statusCode: 408, data: { message }, error: { kind: "timeout", message } };
    }
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof RequestRefusedError)
      return { statusCode: 403, data: { message }, error: { kind: "refused", message } };
    return { statusCode: 500, data: { message }, error: { kind: "failed", message } };
  }
}

function parseData(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
