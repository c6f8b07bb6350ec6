import { describe, expect, it } from "vitest";
import { jsonDepth, MAX_JSON_DEPTH } from "../../src/http/json-body.js";

describe("jsonDepth", () => {
  it("counts the deepest nesting of arrays and objects, ignoring brackets inside strings", () => {
    expect(jsonDepth('"x"')).toBe(0);
    expect(jsonDepth("{}")).toBe(1);
    expect(jsonDepth('{"a":[1,{"b":[]}],"c":{}}')).toBe(4);
    expect(jsonDepth('{"a":"[[[{{{\\"]]]"}')).toBe(1);
    expect(jsonDepth('["\\\\",[["x"]]]')).toBe(3);
  });

  it("stops counting as soon as the limit is passed", () => {
    const deep = "[".repeat(1_000_000);
    expect(jsonDepth(deep, MAX_JSON_DEPTH)).toBe(MAX_JSON_DEPTH + 1);
  });
});
