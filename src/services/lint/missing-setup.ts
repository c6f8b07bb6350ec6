import type { BotDocument } from "../../schemas/bot.js";
import { blockCatalogue, notRunnableKinds } from "../../schemas/blocks/catalogue/index.js";
import { aiActions, aiBlockActions } from "../../schemas/blocks/integrations/ai/ai-options.js";
import type { Block, BlockType } from "../../schemas/blocks/index.js";
import { credentialsTypeOfBlock } from "../../schemas/plugin-credentials.js";
import { at, type LintFinding } from "./finding.js";

/** The AI actions that send a prompt to the model the author names (speech and transcription have defaults). */
const actionsNeedingModel: ReadonlySet<string> = new Set([
  aiActions.chatCompletion,
  aiActions.anthropicChat,
  aiActions.generateVariables,
  aiActions.askModel,
]);

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");

/**
 * AI and plug-in blocks the author has not finished setting up: no credential, no action, no model.
 * At run time each of these only logs an error and the visitor sees nothing (an imported template
 * with an empty model answered with a blank bubble), so the check names them before publishing.
 */
export function checkMissingSetup(doc: BotDocument): LintFinding[] {
  return doc.groups.flatMap((group) =>
    group.blocks.flatMap((block) => {
      if (block.type === "search knowledge" || block.type === "knowledge answer")
        return missingKnowledgeSetup(block, { blockId: block.id, groupId: group.id });
      const type = block.type as BlockType;
      if (!credentialsTypeOfBlock(type) || Object.hasOwn(notRunnableKinds, type)) return [];
      const label = blockCatalogue[type]?.label ?? type;
      const options = ((block as { options?: unknown }).options ?? {}) as Record<string, unknown>;
      const place = { blockId: block.id, groupId: group.id };
      const findings: LintFinding[] = [];
      if (!text(options.credentialsId))
        findings.push(at(place, "error", `${label} has no credentials: pick or add them in the block's settings`));
      if (Object.hasOwn(aiBlockActions, type)) {
        const action = text(options.action);
        if (!action) findings.push(at(place, "error", `${label} has no action: choose what the block should do`));
        else if (actionsNeedingModel.has(action) && !text(options.model))
          findings.push(at(place, "error", `${label} has no model: choose the model "${action}" uses`));
      }
      return findings;
    }),
  );
}

/** A knowledge block without its base (either kind), or without the credentials and model that answer. */
function missingKnowledgeSetup(
  block: Extract<Block, { type: "search knowledge" | "knowledge answer" }>,
  place: { blockId: string; groupId: string },
): LintFinding[] {
  const label = blockCatalogue[block.type].label;
  const findings: LintFinding[] = [];
  if (!text(block.options?.knowledgeBaseId))
    findings.push(at(place, "error", `${label} has no knowledge base: pick one in the block's settings`));
  if (block.type !== "knowledge answer") return findings;
  const options = block.options ?? {};
  if (!text(options.credentialsId))
    findings.push(at(place, "error", `${label} has no credentials: pick or add them in the block's settings`));
  if (!text(options.model)) findings.push(at(place, "error", `${label} has no model: choose the model that answers`));
  return findings;
}
