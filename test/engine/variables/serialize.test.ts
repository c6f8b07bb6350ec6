import { describe, expect, it } from "vitest";
import { guessType, serializeVariableValue } from "../../../src/engine/variables/serialize.js";

describe("serializeVariableValue", () => {
  it("keeps non-empty strings unchanged", () => {
    expect(serializeVariableValue("hello")).toBe("hello");
    expect(serializeVariableValue("C:\\temp\\x")).toBe("C:\\temp\\x");
  });

  it("turns numbers, booleans and objects into JSON text", () => {
    expect(serializeVariableValue(42)).toBe("42");
    expect(serializeVariableValue(1.5)).toBe("1.5");
    expect(serializeVariableValue(true)).toBe("true");
    expect(serializeVariableValue(false)).toBe("false");
    expect(serializeVariableValue({ a: 1, b: [1, "x"] })).toBe('{"a":1,"b":[1,"x"]}');
    expect(serializeVariableValue(Number.NaN)).toBe("null");
  });

  it("turns undefined, null and the empty string into null", () => {
    expect(serializeVariableValue(undefined)).toBeNull();
    expect(serializeVariableValue(null)).toBeNull();
    expect(serializeVariableValue("")).toBeNull();
  });

  it("serialises each list element the same way, keeping null elements", () => {
    expect(serializeVariableValue(["a", 1, true, null, undefined, { k: "v" }, [1, 2], ""])).toEqual([
      "a",
      "1",
      "true",
      null,
      null,
      '{"k":"v"}',
      "[1,2]",
      null,
    ]);
    expect(serializeVariableValue([])).toEqual([]);
  });

  it("gives null for values JSON cannot express", () => {
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    expect(serializeVariableValue(circular)).toBeNull();
    expect(serializeVariableValue(() => 1)).toBeNull();
    expect(serializeVariableValue(Symbol("s"))).toBeNull();
  });

  it("writes bigints as their digits", () => {
    expect(serializeVariableValue(12345678901234567890n)).toBe("12345678901234567890");
  });

  it("replaces unpaired surrogates by U+FFFD and keeps valid pairs", () => {
    expect(serializeVariableValue("a\uD800b")).toBe("a\uFFFDb");
    expect(serializeVariableValue("a\uDC00")).toBe("a\uFFFD");
    expect(serializeVariableValue("😀")).toBe("😀");
    expect(serializeVariableValue(["\uD83D"])).toEqual(["\uFFFD"]);
  });

  it("does not double backslashes", () => {
    expect(serializeVariableValue("a\\qb")).toBe("a\\qb");
  });
});

describe("guessType", () => {
  it("reads booleans, null and undefined", () => {
    expect(guessType("true")).toBe(true);
    expect(guessType("false")).toBe(false);
    expect(guessType("null")).toBeNull();
    expect(guessType("undefined")).toBeUndefined();
    expect(guessType(null)).toBeNull();
  });

  it("reads numeric strings as numbers", () => {
    expect(guessType("42")).toBe(42);
    expect(guessType("-3.5")).toBe(-3.5);
    expect(guessType("0")).toBe(0);
    expect(guessType("0.25")).toBe(0.25);
    expect(guessType("1e3")).toBe(1000);
  });

  it("keeps texts starting with 0 (not 0.) or + as texts", () => {
    expect(guessType("0123")).toBe("0123");
    expect(guessType("00")).toBe("00");
    expect(guessType("+33612345678")).toBe("+33612345678");
  });

  it("keeps other texts, including blank ones, as texts", () => {
    expect(guessType("hello")).toBe("hello");
    expect(guessType("12abc")).toBe("12abc");
    expect(guessType("")).toBe("");
    expect(guessType("  ")).toBe("  ");
  });

  it("passes lists through", () => {
    const list = ["1", null];
    expect(guessType(list)).toBe(list);
  });
});
