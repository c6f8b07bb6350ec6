import { findUniqueVariable, substituteVariables, type SubstituteOptions } from "../variables/substitute.js";
import type { VariableLike, VariableValue } from "../variables/types.js";

export type Comparison = { id?: string; variableId?: string; comparisonOperator?: string; value?: string };
export type Condition = { logicalOperator?: "AND" | "OR"; comparisons?: Comparison[] };

type Operand = Exclude<VariableValue, undefined>;
type Scalar = string | null;
type ScalarTest = (left: Scalar, right: Scalar) => boolean;

/**
 * True when the comparisons hold: all of them ("AND", the default) or any ("OR"). A condition
 * without comparisons is false. `evaluateInline` runs `{{= … =}}` found in a right-hand value.
 */
export function evaluateCondition(
  condition: Condition | undefined,
  variables: readonly VariableLike[],
  options: Pick<SubstituteOptions, "evaluateInline"> = {},
): boolean {
  const comparisons = condition?.comparisons ?? [];
  if (comparisons.length === 0) return false;
  const holds = (comparison: Comparison) => evaluateComparison(comparison, variables, options);
  return condition?.logicalOperator === "OR" ? comparisons.some(holds) : comparisons.every(holds);
}

function evaluateComparison(
  comparison: Comparison,
  variables: readonly VariableLike[],
  options: Pick<SubstituteOptions, "evaluateInline">,
): boolean {
  if (!comparison.variableId || !comparison.comparisonOperator) return false;
  const left: Operand = variables.find((variable) => variable.id === comparison.variableId)?.value ?? null;
  const right = rightOperand(comparison.value, variables, options);
  return applyOperator(comparison.comparisonOperator, left, right);
}

// `{{var}}` alone hands over the raw value (a list stays a list); other text is templated.
function rightOperand(
  value: string | undefined,
  variables: readonly VariableLike[],
  options: Pick<SubstituteOptions, "evaluateInline">,
): Operand {
  if (value === "undefined" || value === "null") return null;
  return findUniqueVariable(value, variables)?.value ?? substituteVariables(value ?? "", variables, options);
}

function applyOperator(operator: string, left: Operand, right: Operand): boolean {
  switch (operator) {
    case "Equal to":
      return compare(isEqual, left, right);
    case "Not equal":
      return compare((a, b) => !isEqual(a, b), left, right);
    case "Contains":
      return Array.isArray(left) ? compare(isEqual, left, right, "some") : compare(contains, left, right, "some");
    case "Does not contain":
      return Array.isArray(left)
        ? compare((a, b) => !isEqual(a, b), left, right)
        : compare((a, b) => !contains(a, b), left, right);
    case "Greater than":
      return order(left, right, (a, b) => a > b);
    case "Greater or equal to":
      return order(left, right, (a, b) => a >= b);
    case "Less than":
      return order(left, right, (a, b) => a < b);
    case "Less or equal to":
      return order(left, right, (a, b) => a <= b);
    case "Is set":
      return left !== null && left.length > 0;
    case "Is empty":
      return left === null || left.length === 0;
    case "Starts with":
      return compare((a, b) => textTest(a, b, (x, y) => x.startsWith(y)), left, right);
    case "Ends with":
      return compare((a, b) => textTest(a, b, (x, y) => x.endsWith(y)), left, right);
    case "Matches regex":
      return compare((a, b) => (a && b ? regexTest(a, b) === true : false), left, right, "some");
    case "Does not match regex":
      return compare((a, b) => (a && b ? regexTest(a, b) === false : false), left, right);
    default:
      return false;
  }
}

/** Runs a scalar test over operands that may be lists: every (default) or some pairing must pass. */
function compare(test: ScalarTest, left: Operand, right: Operand, quantifier: "every" | "some" = "every"): boolean {
  const lefts = Array.isArray(left) ? left : [left];
  const rights = Array.isArray(right) ? right : [right];
  return quantifier === "every"
    ? lefts.every((a) => rights.every((b) => test(a, b)))
    : lefts.some((a) => rights.some((b) => test(a, b)));
}

// Case-sensitive and without numeric coercion; null only equals null.
function isEqual(a: Scalar, b: Scalar): boolean {
  if (a === null || b === null) return a === b;
  return a.normalize() === b.normalize();
}

function contains(a: Scalar, b: Scalar): boolean {
  return textTest(a, b, (x, y) => x.includes(y));
}

/** Case-insensitive, trimmed, normalised test; an empty side never matches. */
function textTest(a: Scalar, b: Scalar, test: (a: string, b: string) => boolean): boolean {
  if (!a || !b) return false;
  return test(fold(a), fold(b));
}

function fold(text: string): string {
  return text.toLowerCase().trim().normalize();
}

/**
 * Ordering: two texts compare as numbers, else dates, else lengths. Against a list, the list
 * counts by its length and the other side as a number.
 */
function order(left: Operand, right: Operand, test: (a: number, b: number) => boolean): boolean {
  if (left === null || right === null) return false;
  if (typeof left === "string" && typeof right === "string") return test(rank(left), rank(right));
  const toNumber = (side: string | (string | null)[]) => (typeof side === "string" ? Number(side) : side.length);
  return test(toNumber(left), toNumber(right));
}

function rank(text: string): number {
  // "+33…" is a phone number, not a positive number.
  const number = text.startsWith("+") ? Number.NaN : Number(text);
  if (!Number.isNaN(number)) return number;
  const time = Date.parse(text);
  return Number.isNaN(time) ? text.length : time;
}

/** `/pattern/flags` or a bare pattern. `undefined` when the pattern is not a valid regex. */
function regexTest(text: string, source: string): boolean | undefined {
  const literal = source.match(/^\/(.+)\/([dgimsuvy]*)$/);
  const pattern = literal ? literal[1] : source;
  try {
    return new RegExp(pattern, literal?.[2] ?? "").test(text);
  } catch {
    return undefined;
  }
}

/** One comparison between two values already at hand (a sheet's cell and a filter's value), as a Condition does it. */
export function compareValues(
  operator: string,
  left: VariableValue | undefined,
  right: VariableValue | undefined,
): boolean {
  return applyOperator(operator, left ?? null, right ?? null);
}
