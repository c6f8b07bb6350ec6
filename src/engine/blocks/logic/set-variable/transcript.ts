import { isInputBlock, type Block } from "../../../../schemas/blocks/index.js";
import type { TranscriptEntry } from "../../../session-state.js";
import { bubbleTranscriptText } from "../../../transcript.js";
import type { ExecutionContext } from "../../executor.js";
import { inlineExpressionsOf } from "../../inline-code.js";

type Context = Pick<ExecutionContext, "bot" | "state" | "inlineValues">;

/**
 * The conversation so far as `Assistant: "…"` / `User: "…"` entries separated by a blank line: the
 * session's record of the messages as they were shown (every bubble, through loops, jumps, returns and
 * linked bots, with the values of that moment), then the answers as given.
 */
export function transcriptText(ctx: Context): string {
  const lines: string[] = [];
  for (const entry of ctx.state.transcript) {
    if ("bubblesBefore" in entry) {
      for (const block of unrecordedBubbles(ctx, entry)) {
        const text = bubbleTranscriptText(block, ctx);
        if (text) lines.push(`Assistant: "${text}"`);
      }
    } else lines.push(`${entry.role === "bot" ? "Assistant" : "User"}: "${entry.text}"`);
  }
  return lines.join("\n\n");
}

/**
 * The texts holding `{{= … =}}` in the bubbles a session stored before the record began had shown
 * (rendered from the bot): the walk evaluates their code ahead in the sandbox's workers, like the
 * block's own (never on the server's thread). Recorded messages hold their text already.
 */
export function transcriptInlineTexts(ctx: Pick<Context, "bot" | "state">): string[] {
  return ctx.state.transcript.flatMap((entry) =>
    "bubblesBefore" in entry ? unrecordedBubbles(ctx, entry).flatMap(inlineExpressionsOf) : [],
  );
}

/** A mark of a session from before the record: the blocks between the previous input of the group (or its start) and the block named. */
function unrecordedBubbles(ctx: Pick<Context, "bot">, entry: Extract<TranscriptEntry, { bubblesBefore: string }>) {
  const location = ctx.bot.blockById.get(entry.bubblesBefore);
  if (!location) return [];
  const blocks = location.group.blocks as Block[];
  let start = location.blockIndex;
  while (start > 0 && !isInputBlock(blocks[start - 1])) start--;
  return blocks.slice(start, location.blockIndex);
}
