import { z } from "zod";
import { blockBaseSchema, inputOptionsBaseSchema } from "../shared.js";
import { textLabelsSchema } from "./text-input.js";

export const urlInputBlockSchema = blockBaseSchema.extend({
  type: z.literal("url input"),
  options: inputOptionsBaseSchema
    .extend({
      labels: textLabelsSchema.optional(),
      retryMessageContent: z.string().optional(),
    })
    .optional(),
});
export type UrlInputBlock = z.infer<typeof urlInputBlockSchema>;
