import type { ReplyVariable } from "./types.js";

type VariableValue = ReplyVariable["value"];

/**
 * A variable's value seen as a list: lists as they are, a text holding a JSON array as that
 * array, any other text as a one-element list. Undefined when the variable has no value.
 * JSON elements that are not text (numbers, objects) become their text form.
 */
export function valueAsList(value: VariableValue): (string | null)[] | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value !== "string") return [...value];
  const parsed = parseJsonArray(value);
  return parsed ? parsed.map(toText) : [value];
}

/** True for list values, including a text holding a JSON array. */
export function isListValue(value: VariableValue): boolean {
  if (value === null || value === undefined) return false;
  return typeof value !== "string" || parseJsonArray(value) !== undefined;
}

export function findVariableById<V extends ReplyVariable>(variables: readonly V[], id: string | null | undefined) {
  if (!id) return undefined;
  return variables.find((variable) => variable.id === id);
}

/** The variable a field refers to when the field is exactly `{{Name}}`. */
export function soleVariableReference<V extends ReplyVariable>(
  variables: readonly V[],
  field: string | null | undefined,
): V | undefined {
  if (!field?.startsWith("{{") || !field.endsWith("}}")) return undefined;
  const name = field.slice(2, -2);
  return variables.find((variable) => variable.name === name);
}

function parseJsonArray(text: string): unknown[] | undefined {
  if (!text.trimStart().startsWith("[")) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

function toText(element: unknown): string | null {
  if (element === null || element === undefined) return null;
  if (typeof element === "string") return element;
  if (typeof element === "object") return JSON.stringify(element);
  return String(element);
}
