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

export const richTextNodeSchema: z.ZodType<RichTextNode> = z.looseObject({
  type: z.string().optional(),
  text: z.string().optional(),
  get children() {
    return z.array(richTextNodeSchema).optional();
  },
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

export const textBubbleDefaults = {} as const;
