import {
  emailInputDefaults,
  httpRequestDefaults,
  numberInputDefaults,
  paymentInputDefaults,
  phoneInputDefaults,
  ratingRange,
  setVariableDefaults,
  textInputDefaults,
  urlInputDefaults,
} from "../../../../../src/schemas/blocks/catalogue/index.js";
import type { Block, BlockType, BotDocument, Condition } from "../../lib/types.js";
import { richTextToPlain } from "../rich-text/rich-text-convert.js";

type Variables = BotDocument["variables"];
type BlockOf<T extends BlockType> = Extract<Block, { type: T }>;
/** What a summary may name besides variables: the title of the group a Jump block goes to. */
export type SummaryContext = { targetGroupTitle?: string };
/** The one-line description of one kind of block on the canvas. */
type Summary<T extends BlockType> = (block: BlockOf<T>, variables: Variables, context: SummaryContext) => string;

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

const looseOptions = (block: Block) =>
  ("options" in block ? block.options : undefined) as { variableId?: string; action?: string } | undefined;

const mediaUrl = (block: { content?: { url?: string } }) => block.content?.url ?? "";
const placeholder =
  (fallback: string) =>
  (block: { options?: { labels?: { placeholder?: string } } }): string =>
    block.options?.labels?.placeholder ?? fallback;
/** Items say it all: no summary line. */
const none = () => "";
const httpRequest = (block: BlockOf<"Webhook" | "Zapier" | "Make.com" | "Pabbly">) => {
  const webhook = block.options?.webhook;
  return webhook?.url ? `${webhook.method ?? httpRequestDefaults.webhook.method} ${webhook.url}` : "Configure…";
};
/** Integrations without a summary of their own show the variable they fill, else their action. */
const savedOrAction = (block: Block, variables: Variables) => {
  const options = looseOptions(block);
  const saved = variableName(variables, options?.variableId);
  return saved ? `→ ${saved}` : (options?.action ?? "");
};
/** One summary per block type; a new type does not compile until it has one. */
const SUMMARIES: { [T in BlockType]: Summary<T> } = {
  text: (block) => richTextToPlain(block.content?.richText ?? []).trim(),
  image: mediaUrl,
  video: mediaUrl,
  embed: mediaUrl,
  audio: mediaUrl,
  "text input": placeholder(textInputDefaults.labels.placeholder),
  "number input": placeholder(numberInputDefaults.labels.placeholder),
  "email input": placeholder(emailInputDefaults.labels.placeholder),
  "url input": placeholder(urlInputDefaults.labels.placeholder),
  "phone number input": placeholder(phoneInputDefaults.labels.placeholder),
  "date input": (block) => (block.options?.isRange ? "Pick a date range" : "Pick a date"),
  "time input": () => "Pick a time",
  "choice input": none,
  "picture choice input": none,
  "payment input": (block) =>
    block.options?.amount
      ? `Collect ${block.options.amount} ${block.options.currency ?? paymentInputDefaults.currency}`
      : "Configure the payment…",
  "rating input": (block) => {
    const { lowest, highest } = ratingRange(block.options);
    return `Rate from ${lowest} to ${highest}`;
  },
  "file input": (block) => (block.options?.isMultipleAllowed ? "Upload files" : "Upload a file"),
  cards: none,
  "Set variable": (block, variables) => {
    const target = variableName(variables, block.options?.variableId);
    if (!target) return "Pick a variable…";
    const type = block.options?.type ?? setVariableDefaults.type;
    return type === "Custom" ? `${target} = ${block.options?.expressionToEvaluate ?? ""}` : `${target} = ${type}`;
  },
  Condition: none,
  Redirect: (block) => block.options?.url ?? "Configure…",
  Code: (block) => block.options?.name ?? "Script",
  "Bot link": (block) => {
    const botId = block.options?.botId;
    return botId ? (botId === "current" ? "This bot" : `Bot ${botId}`) : "Pick a bot…";
  },
  Wait: (block) => (block.options?.secondsToWaitFor ? `Wait ${block.options.secondsToWaitFor} s` : "Configure…"),
  "AB test": none,
  webhook: () => "Wait for an incoming call",
  "hand off": (block) =>
    block.options?.timeoutSeconds
      ? `To a person · no operator after ${block.options.timeoutSeconds} s`
      : "To a person · waits until taken",
  Jump: (block, _variables, { targetGroupTitle }) => {
    if (!block.options?.groupId) return "Pick a group…";
    return targetGroupTitle === undefined ? "Jump to a missing group" : `Jump to “${targetGroupTitle}”`;
  },
  Return: () => "Return to where the jump came from",
  Webhook: httpRequest,
  Zapier: httpRequest,
  "Make.com": httpRequest,
  Pabbly: httpRequest,
  Email: (block) => (block.options?.recipients?.length ? `To ${block.options.recipients.join(", ")}` : "Configure…"),
  "Google Sheets": savedOrAction,
  OpenAI: savedOrAction,
  "Google Analytics": savedOrAction,
  Chatwoot: savedOrAction,
  Pixel: savedOrAction,
  "search knowledge": (block, variables) => {
    const saved = variableName(variables, block.options?.hitsVariableId);
    if (!block.options?.knowledgeBaseId) return "Pick a knowledge base…";
    return saved ? `Search → ${saved}` : "Search the knowledge base";
  },
  "knowledge answer": (block, variables) => {
    if (!block.options?.knowledgeBaseId) return "Pick a knowledge base…";
    const saved = variableName(variables, block.options.answerVariableId);
    return `Answer with ${block.options.model || "a model"}${saved ? ` → ${saved}` : ""}`;
  },
  openai: savedOrAction,
  "cal-com": savedOrAction,
  "chat-node": savedOrAction,
  "qr-code": savedOrAction,
  "dify-ai": savedOrAction,
  mistral: savedOrAction,
  elevenlabs: savedOrAction,
  anthropic: savedOrAction,
  "together-ai": savedOrAction,
  "open-router": savedOrAction,
  nocodb: savedOrAction,
  segment: savedOrAction,
  posthog: savedOrAction,
  groq: savedOrAction,
  zendesk: savedOrAction,
  perplexity: savedOrAction,
  deepseek: savedOrAction,
  blink: savedOrAction,
  gmail: savedOrAction,
};

/** Blocks whose items say it all show no summary line. */
export const hasItemsOnly = (type: string) => SUMMARIES[type as BlockType] === none;

/** The one-line description a block shows on the canvas. */
export function blockSummary(block: Block, variables: Variables, context: SummaryContext = {}): string {
  // The table is keyed by type, so the entry for block.type takes that very block.
  const summary = SUMMARIES[block.type] as Summary<BlockType>;
  return summary(block, variables, context);
}

/** Inputs show which variable they save to. */
export function savedVariable(block: Block, variables: Variables): string | undefined {
  return variableName(variables, looseOptions(block)?.variableId);
}
