import type { FastifyInstance } from "fastify";
import { AppError } from "../errors.js";

/**
 * Far deeper than any bot document or chat message (a bot is about 10 levels, rich text a few more),
 * and far below what the recursive code behind the parser (JSON.stringify, structuredClone, schema
 * upgrades) can hold: a body nested 10 000 levels deep overflowed the stack there and answered 500.
 */
export const MAX_JSON_DEPTH = 128;

/** The deepest nesting of arrays and objects in JSON text, counted without parsing it. */
export function jsonDepth(text: string, stopAbove = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 92 /* \ */) i++;
      else if (char === 34 /* " */) inString = false;
    } else if (char === 34) inString = true;
    else if (char === 91 /* [ */ || char === 123 /* { */) {
      if (++depth > deepest) deepest = depth;
      if (deepest > stopAbove) return deepest;
    } else if (char === 93 /* ] */ || char === 125 /* } */) depth--;
  }
  return deepest;
}

/** Fastify's own JSON parser (prototype-poisoning checks included), behind a nesting limit. */
export function addJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, function jsonBody(request, body, done) {
    const text = body.toString();
    if (jsonDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH)
      return done(
        new AppError("BAD_REQUEST", `Invalid JSON: nested more than ${MAX_JSON_DEPTH} levels deep`),
        undefined,
      );
    parseJson(request, text, done);
  });
}
