import { describe, expect, it } from "vitest";
import { evaluateCondition, type Comparison } from "../../../src/engine/conditions/evaluate-condition.js";
import type { VariableLike, VariableValue } from "../../../src/engine/variables/types.js";

const other: VariableLike[] = [
  { id: "r_list", name: "RightList", value: ["x", "b"] },
  { id: "r_text", name: "RightText", value: "Hello" },
  { id: "r_null", name: "RightNull", value: null },
];

/** Evaluates one comparison with the left variable holding `left`. */
const check = (left: VariableValue | undefined, comparisonOperator: string, value?: string) =>
  evaluateCondition({ comparisons: [{ variableId: "left", comparisonOperator, value }] }, [
    { id: "left", name: "Left", value: left },
    ...other,
  ]);

describe("evaluateCondition: structure", () => {
  const t: Comparison = { variableId: "r_text", comparisonOperator: "Is set" };
  const f: Comparison = { variableId: "r_null", comparisonOperator: "Is set" };

  it("is false without a condition or comparisons", () => {
    expect(evaluateCondition(undefined, other)).toBe(false);
    expect(evaluateCondition({}, other)).toBe(false);
    expect(evaluateCondition({ logicalOperator: "OR", comparisons: [] }, other)).toBe(false);
  });

  it("requires every comparison by default (AND)", () => {
    expect(evaluateCondition({ comparisons: [t, t] }, other)).toBe(true);
    expect(evaluateCondition({ comparisons: [t, f] }, other)).toBe(false);
    expect(evaluateCondition({ logicalOperator: "AND", comparisons: [t, f] }, other)).toBe(false);
  });

  it("requires any comparison with OR", () => {
    expect(evaluateCondition({ logicalOperator: "OR", comparisons: [f, t] }, other)).toBe(true);
    expect(evaluateCondition({ logicalOperator: "OR", comparisons: [f, f] }, other)).toBe(false);
  });

  it("is false for a comparison without variable, without operator, or with an unknown operator", () => {
    expect(evaluateCondition({ comparisons: [{ comparisonOperator: "Is empty" }] }, other)).toBe(false);
    expect(evaluateCondition({ comparisons: [{ variableId: "r_null" }] }, other)).toBe(false);
    expect(evaluateCondition({ comparisons: [{ variableId: "r_text", comparisonOperator: "Is bigger" }] }, other)).toBe(
      false,
    );
  });

  it("treats an unknown left variable as null", () => {
    expect(evaluateCondition({ comparisons: [{ variableId: "ghost", comparisonOperator: "Is empty" }] }, other)).toBe(
      true,
    );
  });
});

describe("evaluateCondition: right-hand value", () => {
  it("reads 'null' and 'undefined' as null", () => {
    expect(check(null, "Equal to", "null")).toBe(true);
    expect(check(null, "Equal to", "undefined")).toBe(true);
    expect(check("null", "Equal to", "null")).toBe(false);
  });

  it("uses the raw value of a lone {{variable}}, lists included", () => {
    expect(check("x", "Contains", "{{RightList}}")).toBe(true);
    expect(check("b", "Equal to", "{{RightList}}")).toBe(false);
  });

  it("templates other text, lists as JSON", () => {
    expect(check("Hello world", "Equal to", "{{RightText}} world")).toBe(true);
    expect(check('["x","b"]!', "Equal to", "{{RightList}}!")).toBe(true);
  });

  it("reads a lone {{variable}} without value, and a missing value, as empty text", () => {
    expect(check("", "Equal to", "{{RightNull}}")).toBe(true);
    expect(check("", "Equal to", undefined)).toBe(true);
    expect(check(null, "Equal to", undefined)).toBe(false);
  });

  it("runs inline expressions when an evaluator is given", () => {
    const condition = { comparisons: [{ variableId: "r_text", comparisonOperator: "Equal to", value: "{{= 1 =}}" }] };
    expect(evaluateCondition(condition, other, { evaluateInline: () => "Hello" })).toBe(true);
  });
});

describe("evaluateCondition: Equal to / Not equal", () => {
  it("compares exactly and case-sensitively, without numbers", () => {
    expect(check("Yes", "Equal to", "Yes")).toBe(true);
    expect(check("Yes", "Equal to", "yes")).toBe(false);
    expect(check("5", "Equal to", "5.0")).toBe(false);
    expect(check("Yes", "Not equal", "yes")).toBe(true);
    expect(check("Yes", "Not equal", "Yes")).toBe(false);
  });

  it("normalises Unicode", () => {
    expect(check("caf\u00e9", "Equal to", "cafe\u0301")).toBe(true);
    expect(check("caf\u00e9", "Not equal", "cafe\u0301")).toBe(false);
  });

  it("null equals only null", () => {
    expect(check(null, "Equal to", "")).toBe(false);
    expect(check(null, "Not equal", "")).toBe(true);
    expect(check(null, "Not equal", "null")).toBe(false);
  });

  it("needs every list element to equal, or every element to differ", () => {
    expect(check(["a", "a"], "Equal to", "a")).toBe(true);
    expect(check(["a", "b"], "Equal to", "a")).toBe(false);
    expect(check(["b", "c"], "Not equal", "a")).toBe(true);
    expect(check(["a", "c"], "Not equal", "a")).toBe(false);
  });
});

describe("evaluateCondition: Contains / Does not contain", () => {
  it("finds a substring, ignoring case, edges and Unicode form", () => {
    expect(check("Hello World", "Contains", "  WORLD ")).toBe(true);
    expect(check("Caf\u00c9 noir", "Contains", "cafe\u0301")).toBe(true);
    expect(check("Hello", "Contains", "bye")).toBe(false);
  });

  it("is false for an empty side and true when negated", () => {
    expect(check("Hello", "Contains", "")).toBe(false);
    expect(check(null, "Contains", "a")).toBe(false);
    expect(check("Hello", "Does not contain", "")).toBe(true);
    expect(check(null, "Does not contain", "a")).toBe(true);
  });

  it("is true when any right-hand list element is contained", () => {
    expect(check("a box", "Contains", "{{RightList}}")).toBe(true);
    expect(check("a cat", "Contains", "{{RightList}}")).toBe(false);
    expect(check("a box", "Does not contain", "{{RightList}}")).toBe(false);
    expect(check("a cat", "Does not contain", "{{RightList}}")).toBe(true);
  });

  it("with a list on the left, looks for an exact element", () => {
    expect(check(["Red", "Blue"], "Contains", "Blue")).toBe(true);
    expect(check(["Red", "Blue"], "Contains", "blue")).toBe(false);
    expect(check(["Red", "Blueish"], "Contains", "Blue")).toBe(false);
    expect(check(["Red", null], "Contains", "Blue")).toBe(false);
    expect(check(["Red", "Blue"], "Does not contain", "Green")).toBe(true);
    expect(check(["Red", "Blue"], "Does not contain", "Blue")).toBe(false);
  });
});

describe("evaluateCondition: ordering", () => {
  it("Greater than compares numbers", () => {
    expect(check("10", "Greater than", "9")).toBe(true);
    expect(check("9", "Greater than", "10")).toBe(false);
    expect(check("-1.5", "Greater than", "-2")).toBe(true);
  });

  it("Greater or equal to includes equality", () => {
    expect(check("10", "Greater or equal to", "10.0")).toBe(true);
    expect(check("9", "Greater or equal to", "10")).toBe(false);
  });

  it("Less than compares numbers", () => {
    expect(check("2", "Less than", "10")).toBe(true);
    expect(check("10", "Less than", "2")).toBe(false);
  });

  it("Less or equal to includes equality", () => {
    expect(check("3", "Less or equal to", "3")).toBe(true);
    expect(check("4", "Less or equal to", "3")).toBe(false);
  });

  it("falls back to dates, then to lengths", () => {
    expect(check("2024-03-01", "Greater than", "2024-02-28")).toBe(true);
    expect(check("2024-03-01", "Less than", "2024-02-28")).toBe(false);
    expect(check("abcd", "Greater than", "xyz")).toBe(true);
    expect(check("ab", "Greater than", "xyz")).toBe(false);
  });

  it("does not read a leading + as a number", () => {
    // A phone number is then ranked by its length (12), not its numeric value.
    expect(check("+33612345678", "Less than", "100")).toBe(true);
    expect(check("33612345678", "Less than", "100")).toBe(false);
  });

  it("is false when either side is null", () => {
    expect(check(null, "Greater than", "1")).toBe(false);
    expect(check("1", "Less than", "null")).toBe(false);
    expect(check(null, "Less or equal to", "undefined")).toBe(false);
  });

  it("counts lists by their length", () => {
    expect(check(["a", "b", "c"], "Greater than", "2")).toBe(true);
    expect(check(["a", "b"], "Greater or equal to", "3")).toBe(false);
    expect(check("1", "Less than", "{{RightList}}")).toBe(true);
    expect(check(["a", "b", "c"], "Greater than", "{{RightList}}")).toBe(true);
  });
});

describe("evaluateCondition: Is set / Is empty", () => {
  it("Is set needs a non-empty text or list", () => {
    expect(check("x", "Is set")).toBe(true);
    expect(check(["x"], "Is set")).toBe(true);
    expect(check("", "Is set")).toBe(false);
    expect(check([], "Is set")).toBe(false);
    expect(check(null, "Is set")).toBe(false);
    expect(check(undefined, "Is set")).toBe(false);
  });

  it("Is empty is true for null, undefined and zero length", () => {
    expect(check(null, "Is empty")).toBe(true);
    expect(check(undefined, "Is empty")).toBe(true);
    expect(check("", "Is empty")).toBe(true);
    expect(check([], "Is empty")).toBe(true);
    expect(check(" ", "Is empty")).toBe(false);
  });
});

describe("evaluateCondition: Starts with / Ends with", () => {
  it("Starts with ignores case and edges; empty right is false", () => {
    expect(check("  Hello there", "Starts with", "hello")).toBe(true);
    expect(check("Hello", "Starts with", "there")).toBe(false);
    expect(check("Hello", "Starts with", "")).toBe(false);
  });

  it("Ends with ignores case and edges; empty right is false", () => {
    expect(check("Hello THERE ", "Ends with", "There")).toBe(true);
    expect(check("Hello", "Ends with", "He")).toBe(false);
    expect(check("Hello", "Ends with", "")).toBe(false);
  });

  it("needs every list element to match", () => {
    expect(check(["ab", "ac"], "Starts with", "a")).toBe(true);
    expect(check(["ab", "bc"], "Starts with", "a")).toBe(false);
  });
});

describe("evaluateCondition: regex", () => {
  it("Matches regex takes a bare pattern", () => {
    expect(check("order-123", "Matches regex", "^order-\\d+$")).toBe(true);
    expect(check("ORDER-123", "Matches regex", "^order-\\d+$")).toBe(false);
  });

  it("Matches regex takes /pattern/flags", () => {
    expect(check("ORDER-123", "Matches regex", "/^order-\\d+$/i")).toBe(true);
    expect(check("a/b", "Matches regex", "/a\\/b/")).toBe(true);
  });

  it("an invalid regex never matches", () => {
    expect(check("abc", "Matches regex", "(")).toBe(false);
    expect(check("abc", "Does not match regex", "(")).toBe(false);
  });

  it("an empty side is false for both operators", () => {
    expect(check("abc", "Matches regex", "")).toBe(false);
    expect(check("", "Matches regex", ".*")).toBe(false);
    expect(check("abc", "Does not match regex", "")).toBe(false);
  });

  it("Does not match regex negates the match", () => {
    expect(check("abc", "Does not match regex", "^\\d+$")).toBe(true);
    expect(check("123", "Does not match regex", "^\\d+$")).toBe(false);
  });

  it("any list element may match; none may match when negated", () => {
    expect(check(["x", "12"], "Matches regex", "^\\d+$")).toBe(true);
    expect(check(["x", "y"], "Matches regex", "^\\d+$")).toBe(false);
    expect(check(["x", "y"], "Does not match regex", "^\\d+$")).toBe(true);
    expect(check(["x", "12"], "Does not match regex", "^\\d+$")).toBe(false);
  });
});
