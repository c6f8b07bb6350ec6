import { guessType } from "../../variables/serialize.js";
import { substituteVariables } from "../../variables/substitute.js";
import type { VariableLike } from "../../variables/types.js";

/**
 * Options as a tracking script wants them: every text templated and type-guessed ("42" → 42,
 * "true" → true), texts that come out empty left out, numbers and booleans kept.
 */
export function analyticsPayload(value: unknown, variables: readonly VariableLike[]): unknown {
  if (typeof value === "string") return guessType(substituteVariables(value, variables));
  if (Array.isArray(value)) return value.map((item) => analyticsPayload(item, variables));
  if (typeof value !== "object" || value === null) return value;
  const entries: [string, unknown][] = [];
  for (const [key, item] of Object.entries(value)) {
    if (typeof item === "string") {
      const text = substituteVariables(item, variables);
      if (text !== "") entries.push([key, guessType(text)]);
      continue;
    }
    entries.push([key, analyticsPayload(item, variables)]);
  }
  return Object.fromEntries(entries);
}
