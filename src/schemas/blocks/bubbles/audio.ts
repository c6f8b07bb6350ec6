import { z } from "zod";
import { blockBaseSchema } from "../shared.js";

export const audioBubbleBlockSchema = blockBaseSchema.extend({
  type: z.literal("audio"),
  content: z
    .object({
      url: z.string().optional(),
      isAutoplayEnabled: z.boolean().optional(),
    })
    .optional(),
});
export type AudioBubbleBlock = z.infer<typeof audioBubbleBlockSchema>;
