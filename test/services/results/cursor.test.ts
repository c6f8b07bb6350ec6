import { describe, expect, it } from "vitest";
import { decodeCursor, encodeCursor } from "../../../src/services/results/cursor.js";
import { AppError } from "../../../src/errors.js";

describe("result cursors", () => {
  it("round-trips the keyset of a row as an URL-safe string", () => {
    const keyset = { createdAt: "2025-01-02T03:04:05.678Z", id: "ckz9x2/+=" };
    const cursor = encodeCursor(keyset);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor)).toEqual(keyset);
  });

  it("refuses anything it did not produce with a 400", () => {
    const forged = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
    for (const cursor of [
      "%%%",
      "abc",
      forged({ createdAt: "2025-01-02T03:04:05.678Z", id: "x" }),
      forged(["2025-01-02", "x"]),
      forged(["2025-01-02T03:04:05.678Z", ""]),
    ]) {
      let error: unknown;
      try {
        decodeCursor(cursor);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).status).toBe(400);
    }
  });
});
