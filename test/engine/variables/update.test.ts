import { describe, expect, it } from "vitest";
import type { VariableLike } from "../../../src/engine/variables/types.js";
import { applyPrefilledVariables, setVariableValues } from "../../../src/engine/variables/update.js";

const variables: readonly VariableLike[] = Object.freeze([
  Object.freeze({ id: "a", name: "First", value: "1" }),
  Object.freeze({ id: "b", name: "Second", isSessionVariable: true }),
  Object.freeze({ id: "c", name: "Third", value: ["x"] }),
]);

describe("setVariableValues", () => {
  it("writes values in place and keeps every variable's position and other fields", () => {
    const result = setVariableValues(variables, [
      { id: "b", value: "two" },
      { id: "a", value: null },
    ]);
    expect(result).toEqual([
      { id: "a", name: "First", value: null },
      { id: "b", name: "Second", isSessionVariable: true, value: "two" },
      { id: "c", name: "Third", value: ["x"] },
    ]);
    expect(result).not.toBe(variables);
    expect(result[2]).toBe(variables[2]);
  });

  it("ignores unknown ids and lets the last update of an id win", () => {
    const result = setVariableValues(variables, [
      { id: "zzz", value: "nope" },
      { id: "c", value: ["1"] },
      { id: "c", value: ["2", null] },
    ]);
    expect(result.map((variable) => variable.value)).toEqual(["1", undefined, ["2", null]]);
    expect(result).toHaveLength(3);
  });
});

describe("applyPrefilledVariables", () => {
  it("sets variables by exact name and serialises the values", () => {
    const result = applyPrefilledVariables(variables, {
      Second: 42,
      Third: ["y", 3, null],
      first: "wrong case",
      Unknown: "ignored",
    });
    expect(result).toEqual([
      { id: "a", name: "First", value: "1" },
      { id: "b", name: "Second", isSessionVariable: true, value: "42" },
      { id: "c", name: "Third", value: ["y", "3", null] },
    ]);
  });

  it("turns null and undefined into null", () => {
    const result = applyPrefilledVariables(variables, { First: null, Third: undefined });
    expect(result[0].value).toBeNull();
    expect(result[2].value).toBeNull();
  });
});
