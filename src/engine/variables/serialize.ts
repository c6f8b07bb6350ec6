import type { VariableValue } from "./types.js";

/**
 * Turns anything a block produces into what a variable may hold. Empty strings become `null`,
 * as in the reference (its sanitiser treats "" as no value), so "" never reaches storage.
 */
export function serializeVariableValue(value: unknown): VariableValue {
  if (Array.isArray(value)) return value.map(serializeItem);
  return serializeItem(value);
}

/**
 * The value a variable stands for when handed to code (sandbox globals, analytics payloads).
 * Texts with a leading `0` (but not `0.`) or `+` stay texts so ids and phone numbers survive.
 */
export function guessType(value: VariableValue | undefined): unknown {
  if (value === null || value === undefined) return value;
  if (Array.isArray(value)) return value;
  if (value.length > 1 && value.startsWith("0") && !value.startsWith("0.")) return value;
  if (value.startsWith("+")) return value;
  if (value === "true") return true;
  if (value === "false") return false;
  if (value === "null") return null;
  if (value === "undefined") return undefined;
  // Number("") and Number("  ") are 0; a blank text is not a number.
  if (value.trim() === "") return value;
  const number = Number(value);
  return Number.isNaN(number) ? value : number;
}

function serializeItem(value: unknown): string | null {
  const text = stringify(value);
  return text ? replaceLoneSurrogates(text) : null;
}

function stringify(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "string") return value;
  if (typeof value === "bigint") return value.toString();
  try {
    // JSON.stringify gives undefined for functions and symbols.
    return JSON.stringify(value) ?? null;
  } catch {
    return null;
  }
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

function replaceLoneSurrogates(text: string): string {
  return text.replace(LONE_SURROGATE, "\uFFFD");
}
