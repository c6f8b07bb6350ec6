import type { EmailBlock } from "../../../schemas/blocks/integrations/email.js";
import type { SessionAnswer } from "../../session-state.js";
import { findUniqueVariable, substituteVariables } from "../../variables/substitute.js";
import type { VariableLike } from "../../variables/types.js";
import { answersPayload } from "./answers-payload.js";

export type EmailBody = { text?: string; html?: string };

/**
 * The author's body when there is one: HTML (`isBodyCode`) gets every inserted value HTML-escaped, so
 * a visitor's answer cannot add markup; text is templated as is. Without a body, the answers so far.
 */
export function emailBody(
  options: NonNullable<EmailBlock["options"]>,
  answers: readonly SessionAnswer[],
  variables: readonly VariableLike[],
  now: Date,
): EmailBody {
  const body = options.body ?? "";
  // An unset flag with a body counts as a custom body; an empty body always falls back to the answers.
  if (options.isCustomBody !== false && body.trim() !== "") {
    if (!options.isBodyCode) return { text: substituteVariables(body, variables) };
    const unique = findUniqueVariable(body, variables);
    // A body that is one variable holding lines shows them as lines.
    if (unique) return { html: escapeHtml(valueText(unique.value)).replace(/\n/g, "<br />") };
    return { html: substituteVariables(body, variables, { mode: "html" }) };
  }
  return answersBody(answers, variables, now);
}

function answersBody(answers: readonly SessionAnswer[], variables: readonly VariableLike[], now: Date): EmailBody {
  const { submittedAt: _submittedAt, ...fields } = answersPayload(answers, variables, now);
  const entries = Object.entries(fields);
  if (entries.length === 0) return { text: "No answers yet.", html: "<p>No answers yet.</p>" };
  return {
    text: entries.map(([key, value]) => `${key}: ${value}`).join("\n"),
    html: entries
      .map(
        ([key, value]) =>
          `<p><strong>${escapeHtml(key)}</strong><br />${escapeHtml(value).replace(/\n/g, "<br />")}</p>`,
      )
      .join("\n"),
  };
}

function valueText(value: VariableLike["value"]): string {
  if (value === null || value === undefined) return "";
  return Array.isArray(value) ? value.filter((item) => item !== null).join("\n") : value;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}
