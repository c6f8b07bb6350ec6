import { z } from "zod";
import { blockBaseSchema } from "../shared.js";

export const imageBubbleBlockSchema = blockBaseSchema.extend({
  type: z.literal("image"),
  content: z
    .object({
      url: z.string().optional(),
      clickLink: z
        .object({
          url: z.string().optional(),
          alt: z.string().optional(),
        })
        .optional(),
    })
    .optional(),
});
export type ImageBubbleBlock = z.infer<typeof imageBubbleBlockSchema>;
