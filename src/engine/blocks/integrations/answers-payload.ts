import type { SessionAnswer } from "../../session-state.js";
import type { VariableLike } from "../../variables/types.js";

/**
 * What an HTTP request or an e-mail sends when its author wrote no body: when it was sent, every
 * answer by key, then every variable that has a value by name (a variable wins over an answer of the
 * same name). Lists are joined with commas, as the reference does.
 */
export function answersPayload(
  answers: readonly SessionAnswer[],
  variables: readonly VariableLike[],
  now: Date,
): Record<string, string> {
  const entries: [string, string][] = [["submittedAt", now.toISOString()]];
  for (const answer of answers) if (answer.key) entries.push([answer.key, answer.value]);
  for (const variable of variables) {
    if (variable.value === null || variable.value === undefined) continue;
    entries.push([variable.name, Array.isArray(variable.value) ? variable.value.join(",") : variable.value]);
  }
  // fromEntries defines own properties: an answer keyed "__proto__" stays data.
  return Object.fromEntries(entries);
}
