import type { FastifyInstance } from "fastify";
import { AppError } from "../errors.js";

/** True when any string (or object key) in the value holds U+0000. */
export function containsNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (typeof current === "string") {
      if (current.includes("\0")) return true;
    } else if (Array.isArray(current)) {
      stack.push(...current);
    } else if (current !== null && typeof current === "object") {
      // Uploads arrive as streams or buffers and are not text. (Parsed queries and params are
      // objects of their own prototypes, so plain-object checks would let them through.)
      if (ArrayBuffer.isView(current) || typeof (current as { pipe?: unknown }).pipe === "function") continue;
      for (const [key, child] of Object.entries(current)) {
        if (key.includes("\0")) return true;
        stack.push(child);
      }
    }
  }
  return false;
}

/**
 * PostgreSQL cannot store U+0000 in text ("invalid byte sequence"), so a NUL anywhere in a path,
 * query or JSON body answered 500 there while SQLite took it. Both now refuse it alike, before any
 * route runs.
 */
export function addInputGuard(app: FastifyInstance): void {
  app.addHook("preValidation", function refuseNul(request, _reply, done) {
    for (const [where, value] of [
      ["path", request.params],
      ["query", request.query],
      ["body", request.body],
    ] as const)
      if (containsNul(value))
        return done(new AppError("BAD_REQUEST", `Invalid ${where}: text must not contain the NUL character (U+0000)`));
    done();
  });
}
