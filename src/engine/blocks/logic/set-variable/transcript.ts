import { isInputBlock, type Block } from "../../../../schemas/blocks/index.js";
import { richTextToPlainText } from "../../../rich-text/plain-text.js";
import { substituteRichText } from "../../../rich-text/substitute-rich-text.js";
import type { RichTextElement } from "../../../rich-text/types.js";
import type { ExecutionContext } from "../../executor.js";
import { inlineEvaluator, templateText } from "../../inline-code.js";

type Context = Pick<ExecutionContext, "bot" | "state" | "ports">;

/**
 * The conversation so far as `Assistant: "…"` / `User: "…"` entries separated by a blank line.
 *
 * A session keeps the answers, not the messages shown, so this is a reconstruction with known
 * limits: each answer is preceded by the bubbles placed right before its input in the same group,
 * and the transcript ends with the bubbles right before this block. Every pass through a loop is
 * there (the answer history), bubbles in groups without an input are left out, and variables in
 * bubbles show their current values.
 */
export function transcriptText(ctx: Context, blockId: string): string {
  const entries: string[] = [];
  const assistant = (texts: string[]) => texts.forEach((text) => entries.push(`Assistant: "${text}"`));
  for (const answer of ctx.state.answerHistory ?? ctx.state.answers) {
    const location = ctx.bot.blockById.get(answer.blockId);
    if (location) assistant(bubbleTextsBefore(location.group.blocks as Block[], location.blockIndex, ctx));
    entries.push(`User: "${answer.value}"`);
  }
  const here = ctx.bot.blockById.get(blockId);
  if (here) assistant(bubbleTextsBefore(here.group.blocks as Block[], here.blockIndex, ctx));
  return entries.join("\n\n");
}

/** Texts of the bubbles between the previous input of the group (or its start) and `index`. */
function bubbleTextsBefore(blocks: readonly Block[], index: number, ctx: Context): string[] {
  let start = index;
  while (start > 0 && !isInputBlock(blocks[start - 1])) start--;
  return blocks.slice(start, index).flatMap((block) => {
    const text = bubbleText(block, ctx);
    return text ? [text] : [];
  });
}

function bubbleText(block: Block, ctx: Context): string | undefined {
  if (block.type === "text") {
    const richText = (block.content?.richText ?? []) as RichTextElement[];
    const filled = substituteRichText(richText, ctx.state.variables, { evaluateInline: inlineEvaluator(ctx) });
    return richTextToPlainText(filled) || undefined;
  }
  if (block.type === "image" || block.type === "video" || block.type === "audio") {
    const url = (block.content as { url?: string } | undefined)?.url;
    return url ? templateText(url, ctx) : undefined;
  }
  return undefined;
}
