import type { HttpRequestBlock, KeyValue } from "../../../schemas/blocks/integrations/http-request.js";
import { httpRequestDefaults } from "../../../schemas/blocks/catalogue/integrations.js";
import { httpRequestMaxTimeout } from "../../../schemas/blocks/integrations/http-request.js";
import type { HttpRequest } from "../../ports.js";
import { findUniqueVariable, substituteVariables } from "../../variables/substitute.js";
import type { ExecutionContext } from "../executor.js";
import { answersPayload } from "./answers-payload.js";

/** The request to send, plus the body as the client would send it (parsed JSON when it is JSON). */
export type BuiltHttpRequest = HttpRequest & { clientBody?: unknown };

/**
 * Builds the request of an HTTP request block from the current variables, or undefined when the
 * block has no URL. Values are templated as text, except a custom body, which is templated so that
 * each value stays a valid JSON string (unless the body is one `{{variable}}`).
 */
export function buildHttpRequest(block: HttpRequestBlock, ctx: ExecutionContext): BuiltHttpRequest | undefined {
  const options = block.options;
  const webhook = options?.webhook;
  const variables = ctx.state.variables;
  const url = substituteVariables(webhook?.url ?? "", variables).trim();
  if (!url) return undefined;
  const method = webhook?.method ?? httpRequestDefaults.webhook.method;
  const headers = templatedHeaders(webhook?.headers, ctx);
  const query = templatedPairs(webhook?.queryParams, ctx)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
    .join("&");
  const fullUrl = query ? `${url}${url.includes("?") ? "&" : "?"}${query}` : url;
  const timeoutSeconds = Math.min(Math.max(options?.timeout ?? httpRequestDefaults.timeout, 1), httpRequestMaxTimeout);
  const request: BuiltHttpRequest = { url: fullUrl, method, headers, timeoutMs: timeoutSeconds * 1000 };
  if (method === "GET") return request;

  const rawBody = webhook?.body;
  const isCustomBody =
    options?.isCustomBody === true && rawBody !== undefined && rawBody.trim() !== "" && rawBody !== "{{state}}";
  // The default body is built from answers as data and never templated: a visitor's "{{x}}" stays text.
  const text = isCustomBody
    ? substituteVariables(rawBody, variables, { mode: findUniqueVariable(rawBody, variables) ? "text" : "json" })
    : JSON.stringify(answersPayload(ctx.state.answers, variables, ctx.ports.clock.now()));
  const json = parseJson(text);
  const contentType = headerValue(headers, "content-type");
  if (json.ok && contentType?.includes("x-www-form-urlencoded") && isRecord(json.value)) {
    const fields = Object.entries(json.value).map(([key, value]): [string, string] => [
      key,
      typeof value === "string" ? value : JSON.stringify(value),
    ]);
    request.body = new URLSearchParams(fields).toString();
  } else {
    request.body = text;
    if (!contentType) headers["Content-Type"] = json.ok ? "application/json" : "text/plain; charset=utf-8";
  }
  request.clientBody = json.ok ? json.value : text;
  return request;
}

function templatedPairs(pairs: readonly KeyValue[] | undefined, ctx: ExecutionContext): [string, string][] {
  const result: [string, string][] = [];
  for (const pair of pairs ?? []) {
    const key = substituteVariables(pair.key ?? "", ctx.state.variables).trim();
    const value = substituteVariables(pair.value ?? "", ctx.state.variables);
    if (key && value) result.push([key, value]);
  }
  return result;
}

/** `Authorization: Basic user:password` is written for people; it leaves base64-encoded. */
function templatedHeaders(pairs: readonly KeyValue[] | undefined, ctx: ExecutionContext): Record<string, string> {
  const headers: Record<string, string> = Object.create(null);
  for (const [key, value] of templatedPairs(pairs, ctx)) {
    const basic = key.toLowerCase() === "authorization" ? value.match(/^\s*basic\s+(.*:.*)$/i) : null;
    headers[key] = basic ? `Basic ${base64(basic[1])}` : value;
  }
  return { ...headers };
}

function headerValue(headers: Record<string, string>, name: string): string | undefined {
  const key = Object.keys(headers).find((candidate) => candidate.toLowerCase() === name);
  return key ? headers[key].toLowerCase() : undefined;
}

function base64(text: string): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
