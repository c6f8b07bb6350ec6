import type { Block, BotDocument, Condition } from "../../lib/types.js";
import { richTextToPlain } from "../rich-text/rich-text-convert.js";

type Variables = BotDocument["variables"];

const variableName = (variables: Variables, id: string | undefined) =>
  id ? variables.find((variable) => variable.id === id)?.name : undefined;

export function conditionSummary(condition: Condition | undefined, variables: Variables): string {
  const comparisons = condition?.comparisons ?? [];
  if (comparisons.length === 0) return "Configure…";
  return comparisons
    .map((comparison) => {
      const name = variableName(variables, comparison.variableId) ?? "?";
      const operator = comparison.comparisonOperator ?? "Equal to";
      return `${name} ${operator.toLowerCase()}${["Is set", "Is empty"].includes(operator) ? "" : ` ${comparison.value ?? ""}`}`.trim();
    })
    .join(` ${condition?.logicalOperator ?? "AND"} `);
}

const DEFAULT_PLACEHOLDERS: Record<string, string> = {
  "text input": "Type your answer...",
  "number input": "Type a number...",
  "email input": "Type your email...",
  "url input": "Type a URL...",
  "phone number input": "Type your phone number...",
};

/** Blocks whose items say it all show no summary line. */
export const hasItemsOnly = (type: string) =>
  ["choice input", "picture choice input", "cards", "Condition", "AB test"].includes(type);

/** The one-line description a block shows on the canvas. */
export function blockSummary(block: Block, variables: Variables): string {
  const options = ("options" in block ? block.options : undefined) as Record<string, any> | undefined;
  const saved = variableName(variables, options?.variableId);
  switch (block.type) {
    case "text":
      return richTextToPlain(block.content?.richText ?? []).trim();
    case "image":
    case "video":
    case "embed":
    case "audio":
      return block.content?.url ?? "";
    case "text input":
    case "number input":
    case "email input":
    case "url input":
    case "phone number input":
      return options?.labels?.placeholder ?? DEFAULT_PLACEHOLDERS[block.type];
    case "choice input":
    case "picture choice input":
    case "cards":
    case "Condition":
    case "AB test":
      return "";
    case "date input":
      return options?.isRange ? "Pick a date range" : "Pick a date";
    case "time input":
      return "Pick a time";
    case "payment input":
      return options?.amount ? `Collect ${options.amount} ${options.currency ?? "USD"}` : "Configure the payment…";
    case "rating input":
      return `Rate from ${options?.startsAt ?? 0} to ${(Number(options?.startsAt ?? 0) || 0) + (options?.length ?? 10) - 1}`;
    case "file input":
      return options?.isMultipleAllowed ? "Upload files" : "Upload a file";
    case "Set variable": {
      const target = variableName(variables, options?.variableId);
      if (!target) return "Pick a variable…";
      const type = options?.type ?? "Custom";
      return type === "Custom" ? `${target} = ${options?.expressionToEvaluate ?? ""}` : `${target} = ${type}`;
    }
    case "Redirect":
      return options?.url ?? "Configure…";
    case "Code":
      return options?.name ?? "Script";
    case "Bot link":
      return options?.botId ? (options.botId === "current" ? "This bot" : `Bot ${options.botId}`) : "Pick a bot…";
    case "Wait":
      return options?.secondsToWaitFor ? `Wait ${options.secondsToWaitFor} s` : "Configure…";
    case "Jump":
      return options?.groupId ? "Jump to a group" : "Pick a group…";
    case "Return":
      return "Return to where the jump came from";
    case "webhook":
      return "Wait for an incoming call";
    case "Webhook":
    case "Zapier":
    case "Make.com":
    case "Pabbly":
      return options?.webhook?.url ? `${options.webhook.method ?? "POST"} ${options.webhook.url}` : "Configure…";
    case "Email":
      return options?.recipients?.length ? `To ${options.recipients.join(", ")}` : "Configure…";
    default:
      return saved ? `→ ${saved}` : (options?.action ?? "");
  }
}

/** Inputs show which variable they save to. */
export function savedVariable(block: Block, variables: Variables): string | undefined {
  const options = ("options" in block ? block.options : undefined) as Record<string, any> | undefined;
  return variableName(variables, options?.variableId);
}
