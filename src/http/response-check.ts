import type { FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import { AppError, type ErrorBody } from "../errors.js";
import type { RouteContract } from "../schemas/api-routes.js";
import { errorBodySchema } from "../schemas/common.js";

/** Fields the answer carries that its schema does not declare (a zod object drops them when it parses). */
function undeclaredFields(sent: unknown, parsed: unknown, path: string, found: string[]): void {
  if (found.length >= 5 || !sent || typeof sent !== "object" || !parsed || typeof parsed !== "object") return;
  if (Array.isArray(sent)) {
    if (Array.isArray(parsed))
      sent.forEach((item, index) => {
        undeclaredFields(item, parsed[index], `${path}.${index}`, found);
      });
    return;
  }
  for (const [key, value] of Object.entries(sent)) {
    if (value === undefined) continue;
    if (!(key in parsed)) found.push(`${path}.${key}`.replace(/^\./, ""));
    else undeclaredFields(value, (parsed as Record<string, unknown>)[key], `${path}.${key}`, found);
  }
}

/** Why `payload` does not match `schema`, or undefined when it does. */
export function responseMismatch(schema: z.ZodType, payload: unknown): string | undefined {
  // The answer as the client will read it: JSON drops undefined fields and turns dates into strings.
  const sent = payload === undefined ? undefined : JSON.parse(JSON.stringify(payload));
  const parsed = schema.safeParse(sent);
  if (!parsed.success)
    return parsed.error.issues
      .slice(0, 5)
      .map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`)
      .join("; ");
  const undeclared: string[] = [];
  undeclaredFields(sent, parsed.data, "", undeclared);
  return undeclared.length > 0 ? `undeclared fields ${undeclared.join(", ")}` : undefined;
}

type CheckedContract = Pick<RouteContract, "method" | "url" | "response">;

/**
 * A hook that checks each JSON answer of a route against its contract: the response schema on success,
 * the error body otherwise. A mismatch is the server's bug, so it answers 500 with the difference (and
 * says so on stderr), which fails whichever test made the call. Streams and text are not checked
 * (answers sent as JsonText are, by the route: see checkedJsonText).
 */
export function responseCheckHook(contract: CheckedContract) {
  return function checkResponse(
    _request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
    done: (error: Error | null, payload?: unknown) => void,
  ): void {
    if (payload === null || typeof payload !== "object" || (payload as { pipe?: unknown }).pipe) {
      done(null, payload);
      return;
    }
    done(null, mismatchBody(contract, reply, payload) ?? payload);
  };
}

/** An answer already serialised (JsonText), checked as the hook checks the others: `text`, or the 500's body. */
export function checkedJsonText(contract: CheckedContract, reply: FastifyReply, text: string): string {
  const body = mismatchBody(contract, reply, JSON.parse(text));
  return body ? JSON.stringify(body) : text;
}

/** When the answer does not match its contract: the 500 it becomes (status set), said on stderr too. */
function mismatchBody(contract: CheckedContract, reply: FastifyReply, payload: unknown): ErrorBody | undefined {
  const schema = reply.statusCode < 400 ? contract.response : errorBodySchema;
  const mismatch = responseMismatch(schema, payload);
  if (!mismatch) return undefined;
  const message = `Response of ${contract.method} ${contract.url} (${reply.statusCode}) does not match its schema: ${mismatch}`;
  process.stderr.write(`${message}\n`);
  reply.status(500);
  return new AppError("INTERNAL_SERVER_ERROR", message).toBody();
}
