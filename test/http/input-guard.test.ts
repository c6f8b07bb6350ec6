import { describe, expect, it } from "vitest";
import { containsNul } from "../../src/http/input-guard.js";

describe("containsNul", () => {
  it("finds U+0000 in any string or key of plain data, however deep", () => {
    expect(containsNul("a\0b")).toBe(true);
    expect(containsNul({ a: [{ b: ["x", "y\0"] }] })).toBe(true);
    expect(containsNul({ "k\0": 1 })).toBe(true);
    expect(containsNul({ a: [1, null, true, "\\u0000", "\u0001"] })).toBe(false);
    expect(containsNul(undefined)).toBe(false);
  });

  it("leaves binary bodies alone", () => {
    expect(containsNul(Buffer.from([0, 0, 0]))).toBe(false);
  });
});

describe("containsNul on parsed requests", () => {
  it("reads query and params objects that do not have Object's prototype", () => {
    const query: Record<string, string> = Object.create(null);
    query.workspaceId = "a\0b";
    expect(containsNul(query)).toBe(true);
  });
});
