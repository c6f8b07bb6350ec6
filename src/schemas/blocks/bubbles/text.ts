import { z } from "zod";
import { blockBaseSchema } from "../shared.js";

/**
 * One node of the rich-text tree: an element (`{ type: "p", children }`, links add `url`) or a text
 * leaf (`{ text, bold?, italic?, underline? }`). Marks and element attributes vary, so other keys are kept.
 */
export type RichTextNode = {
  type?: string;
  text?: string;
  children?: RichTextNode[];
  [key: string]: unknown;
};

export const richTextNodeSchema: z.ZodType<RichTextNode> = z
  .looseObject({
    type: z.string().optional(),
    text: z.string().optional(),
    get children() {
      return z.array(richTextNodeSchema).optional();
    },
  })
  // As in the editor's model, a node is a leaf (text) or an element (children); the engine reads it as one of them.
  .refine((node) => typeof node.text === "string" || Array.isArray(node.children), {
    message: "A rich-text node needs text or children",
  });

export const textBubbleContentSchema = z.object({
  html: z.string().optional(),
  richText: z.array(richTextNodeSchema).optional(),
  plainText: z.string().optional(),
});

export const textBubbleBlockSchema = blockBaseSchema.extend({
  type: z.literal("text"),
  content: textBubbleContentSchema.optional(),
});
export type TextBubbleBlock = z.infer<typeof textBubbleBlockSchema>;
