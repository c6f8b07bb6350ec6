import type { BotDocument } from "../../schemas/bot.js";

/**
 * Options ending in `VariableId` that a block reads from (list sources, message histories,
 * attachments); every other `variableId`/`…VariableId` option is one a block or event writes to.
 * Guessing "writes" for an unknown option only ever hides a warning, never invents one.
 */
const READ_KEYS = new Set([
  "dynamicVariableId",
  "titlesVariableId",
  "descriptionsVariableId",
  "pictureSrcsVariableId",
  "baseItemVariableId",
  "baseListVariableId",
  "targetListVariableId",
  "attachmentsVariableId",
  "dialogueVariableId",
  "assistantMessagesVariableId",
  "userMessagesVariableId",
]);

/** Inline code first, so that `{{= {{x}} + 1 =}}` reads as a use of `x` inside an expression. */
const TOKEN = /\{\{=(.+?)=\}\}|\{\{([^{}]+)\}\}/g;
const SET_VARIABLE_CALL = /setVariable\(\s*(["'`])((?:(?!\1).)+)\1/g;

export type BlockVariableUses = {
  /** Names written as `{{name}}` anywhere in the block. */
  names: Set<string>;
  /** Variable ids read through options (conditions, list sources). */
  readIds: Set<string>;
};

export type VariableUses = {
  perBlock: Map<string, BlockVariableUses>;
  /** Variable ids some block or event writes to. */
  writtenIds: Set<string>;
  /** Names that code (Code blocks, code expressions) sets through `setVariable("name", …)`. */
  writtenByCode: Set<string>;
};

function namesIn(text: string, into: Set<string>): void {
  for (const match of text.matchAll(TOKEN)) {
    if (match[1] !== undefined) namesIn(match[1], into);
    else into.add(match[2]);
  }
}

function scan(value: unknown, key: string, uses: BlockVariableUses, writes: VariableUses, inComparison: boolean): void {
  if (typeof value === "string") {
    if (value.includes("{{")) namesIn(value, uses.names);
    if (value.includes("setVariable("))
      for (const match of value.matchAll(SET_VARIABLE_CALL)) writes.writtenByCode.add(match[2]);
    if (key === "variableId" || key.endsWith("VariableId"))
      (inComparison || READ_KEYS.has(key) ? uses.readIds : writes.writtenIds).add(value);
    return;
  }
  if (Array.isArray(value)) {
    for (const entry of value) scan(entry, key, uses, writes, inComparison);
    return;
  }
  if (typeof value === "object" && value !== null)
    for (const [childKey, child] of Object.entries(value))
      if (childKey !== "id" && childKey !== "outgoingEdgeId")
        scan(child, childKey, uses, writes, inComparison || childKey === "comparisons");
}

/** Where each variable is read and written, from blocks and event options. */
export function collectVariableUses(doc: BotDocument): VariableUses {
  const uses: VariableUses = { perBlock: new Map(), writtenIds: new Set(), writtenByCode: new Set() };
  for (const group of doc.groups)
    for (const block of group.blocks) {
      const blockUses: BlockVariableUses = { names: new Set(), readIds: new Set() };
      scan(block, "", blockUses, uses, false);
      uses.perBlock.set(block.id, blockUses);
    }
  const ignored: BlockVariableUses = { names: new Set(), readIds: new Set() };
  for (const event of doc.events) if ("options" in event) scan(event.options, "", ignored, uses, false);
  return uses;
}
