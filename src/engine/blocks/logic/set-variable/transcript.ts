import { isInputBlock, type Block } from "../../../../schemas/blocks/index.js";
import { richTextToPlainText } from "../../../rich-text/plain-text.js";
import { substituteRichText } from "../../../rich-text/substitute-rich-text.js";
import type { RichTextElement } from "../../../rich-text/types.js";
import type { ExecutionContext } from "../../executor.js";
import { inlineEvaluator, inlineExpressionsOf, templateText } from "../../inline-code.js";

type Context = Pick<ExecutionContext, "bot" | "state" | "inlineValues">;

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
  for (const turn of replayedTurns(ctx, blockId)) {
    for (const block of turn.bubbles) {
      const text = bubbleText(block, ctx);
      if (text) entries.push(`Assistant: "${text}"`);
    }
    if (turn.answer !== undefined) entries.push(`User: "${turn.answer}"`);
  }
  return entries.join("\n\n");
}

/**
 * The texts holding `{{= … =}}` in the bubbles the transcript replays: the walk evaluates their code
 * ahead in the sandbox's workers, like the block's own (never on the server's thread).
 */
export function transcriptInlineTexts(ctx: Pick<Context, "bot" | "state">, blockId: string): string[] {
  return replayedTurns(ctx, blockId).flatMap((turn) => turn.bubbles.flatMap(inlineExpressionsOf));
}

/** Each answer with the bubbles before it, then the bubbles right before this block. */
function replayedTurns(
  ctx: Pick<Context, "bot" | "state">,
  blockId: string,
): { bubbles: Block[]; answer?: string | undefined }[] {
  const turns: { bubbles: Block[]; answer?: string }[] = (ctx.state.answerHistory ?? ctx.state.answers).map(
    (answer) => {
      const location = ctx.bot.blockById.get(answer.blockId);
      const bubbles = location ? bubblesBefore(location.group.blocks as Block[], location.blockIndex) : [];
      return { bubbles, answer: String(answer.value) };
    },
  );
  const here = ctx.bot.blockById.get(blockId);
  if (here) turns.push({ bubbles: bubblesBefore(here.group.blocks as Block[], here.blockIndex) });
  return turns;
}

/** The blocks between the previous input of the group (or its start) and `index`. */
function bubblesBefore(blocks: readonly Block[], index: number): Block[] {
  let start = index;
  while (start > 0 && !isInputBlock(blocks[start - 1])) start--;
  return blocks.slice(start, index);
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
