import type { ChatBubble } from "../../../schemas/chat.js";
import { richTextToMarkdown } from "../../rich-text/to-markdown.js";
import { substituteRichText } from "../../rich-text/substitute-rich-text.js";
import type { BubbleExecutor } from "../executor.js";
import { inlineEvaluator } from "../inline-code.js";

export function textBubble(id: string, richText: unknown[], format: "richText" | "markdown"): ChatBubble {
  return format === "markdown"
    ? { id, type: "text", content: { type: "markdown", markdown: richTextToMarkdown(richText as never) } }
    : { id, type: "text", content: { type: "richText", richText } };
}

export const textExecutor: BubbleExecutor<"text"> = {
  kind: "bubble",
  evaluatesInlineCode: true,
  toBubble(block, ctx) {
    if (!block.content) return undefined;
    const richText = substituteRichText((block.content.richText ?? []) as never, ctx.state.variables, {
      evaluateInline: inlineEvaluator(ctx),
    }) as unknown[];
    return textBubble(block.id, richText, ctx.format);
  },
};
