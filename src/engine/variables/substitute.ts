import type { VariableLike } from "./types.js";

export type SubstituteMode = "text" | "json" | "html" | "code";

export type SubstituteOptions = {
  mode?: SubstituteMode;
  /** Runs a `{{= … =}}` expression (already in code mode). `undefined` means "could not evaluate". */
  evaluateInline?: (code: string) => string | undefined;
};

/** A piece of a template: text written by the author, or what one `{{…}}` token turned into. */
export type TemplatePart =
  | { kind: "literal"; text: string }
  | { kind: "value"; text: string; token: string; variableId?: string };

// Inline code first so `{{= {{x}} =}}` is read as one expression. `.` (no `s` flag) keeps an
// expression on one line, as the reference does.
const TOKEN_PATTERN = /\{\{=(.+?)=\}\}|\{\{([^{}]+)\}\}/g;
const SINGLE_VARIABLE_PATTERN = /^\{\{([^{}]+)\}\}$/;

export function splitTemplate(
  text: string,
  variables: readonly VariableLike[],
  options: SubstituteOptions = {},
): TemplatePart[] {
  const mode = options.mode ?? "text";
  const parts: TemplatePart[] = [];
  let cursor = 0;
  for (const match of text.matchAll(TOKEN_PATTERN)) {
    const index = match.index ?? 0;
    if (index > cursor) parts.push({ kind: "literal", text: text.slice(cursor, index) });
    cursor = index + match[0].length;
    if (match[1] !== undefined) {
      parts.push({ kind: "value", token: match[0], text: renderInline(match[1], variables, mode, options) });
      continue;
    }
    const name = match[2] ?? "";
    const variable = mode === "code" ? findByName(variables, name) : findWithValue(variables, name);
    parts.push({
      kind: "value",
      token: match[0],
      text: variable ? renderVariable(variable, mode) : "",
      ...(variable ? { variableId: variable.id } : {}),
    });
  }
  if (cursor < text.length) parts.push({ kind: "literal", text: text.slice(cursor) });
  return parts;
}

/** The code of every `{{= … =}}` in the text, as `evaluateInline` will be given it. */
export function inlineCodeOf(text: string, variables: readonly VariableLike[]): string[] {
  if (!text.includes("{{=")) return [];
  return [...text.matchAll(TOKEN_PATTERN)].flatMap((match) =>
    match[1] === undefined ? [] : [inlineCode(match[1], variables)],
  );
}

const inlineCode = (expression: string, variables: readonly VariableLike[]) =>
  substituteVariables(expression, variables, { mode: "code" });

export function substituteVariables(
  text: string,
  variables: readonly VariableLike[],
  options?: SubstituteOptions,
): string {
  if (!text.includes("{{")) return text;
  return splitTemplate(text, variables, options)
    .map((part) => part.text)
    .join("");
}

/** The variable when the whole text is exactly one `{{Name}}` token (whatever its value). */
export function findUniqueVariable(
  text: string | null | undefined,
  variables: readonly VariableLike[],
): VariableLike | undefined {
  const name = text?.match(SINGLE_VARIABLE_PATTERN)?.[1];
  return name === undefined ? undefined : findByName(variables, name);
}

/**
 * Substitutes every string inside arrays and plain objects; other values are kept as they are. A value
 * without any `{{` is returned itself rather than copied (most blocks' options, a bot's theme and
 * settings): callers treat the result as read-only.
 */
export function deepSubstitute<T>(value: T, variables: readonly VariableLike[], options?: SubstituteOptions): T {
  if (typeof value === "object" && value !== null && !holdsTemplate(value)) return value;
  return substituteDeeply(value, variables, options);
}

function holdsTemplate(value: unknown): boolean {
  if (typeof value === "string") return value.includes("{{");
  if (Array.isArray(value)) return value.some(holdsTemplate);
  return isPlainObject(value) && Object.values(value).some(holdsTemplate);
}

function substituteDeeply<T>(value: T, variables: readonly VariableLike[], options?: SubstituteOptions): T {
  if (typeof value === "string") return substituteVariables(value, variables, options) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => substituteDeeply(item, variables, options)) as T;
  if (isPlainObject(value)) {
    // fromEntries defines own properties, so a `__proto__` key stays data instead of a prototype.
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, substituteDeeply(item, variables, options)]),
    ) as T;
  }
  return value;
}

function renderInline(
  expression: string,
  variables: readonly VariableLike[],
  mode: SubstituteMode,
  options: SubstituteOptions,
): string {
  const result = options.evaluateInline?.(inlineCode(expression, variables));
  if (result === undefined) return substituteVariables(expression, variables, { mode });
  if (mode === "json") return escapeJsonString(result);
  if (mode === "html") return escapeHtml(result);
  return result;
}

function renderVariable(variable: VariableLike, mode: SubstituteMode): string {
  if (mode === "code") return variable.id;
  const value = variable.value;
  if (value === null || value === undefined) return "";
  if (mode === "json") return typeof value === "string" ? escapeJsonString(value) : JSON.stringify(value);
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return mode === "html" ? escapeHtml(text) : text;
}

function findByName(variables: readonly VariableLike[], name: string): VariableLike | undefined {
  return variables.find((variable) => variable.name === name);
}

// When several variables share a name, the first one holding a value wins (reference behaviour).
function findWithValue(variables: readonly VariableLike[], name: string): VariableLike | undefined {
  return variables.find(
    (variable) => variable.name === name && variable.value !== null && variable.value !== undefined,
  );
}

function escapeJsonString(text: string): string {
  return JSON.stringify(text).slice(1, -1);
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
