import { AppError } from "../../errors.js";
import type { Keyset } from "../../store/results-repository.js";

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;

/** Opaque to clients: the keyset of the last row served, so the next page starts right after it. */
export function encodeCursor(keyset: Keyset): string {
  return Buffer.from(JSON.stringify([keyset.createdAt, keyset.id])).toString("base64url");
}

export function decodeCursor(cursor: string): Keyset {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    decoded = undefined;
  }
  if (
    Array.isArray(decoded) &&
    decoded.length === 2 &&
    typeof decoded[0] === "string" &&
    ISO_UTC.test(decoded[0]) &&
    typeof decoded[1] === "string" &&
    decoded[1].length > 0 &&
    decoded[1].length <= 255
  )
    return { createdAt: decoded[0], id: decoded[1] };
  throw new AppError("INVALID_CURSOR", "Invalid cursor: pass the nextCursor of a previous page", {
    issues: [{ path: "query.cursor", message: "Invalid cursor" }],
  });
}
