import { z } from "zod";
import { blockBaseSchema, inputOptionsBaseSchema } from "../shared.js";
import { textLabelsSchema } from "./text-input.js";

export const emailInputBlockSchema = blockBaseSchema.extend({
  type: z.literal("email input"),
  options: inputOptionsBaseSchema
    .extend({
      labels: textLabelsSchema.optional(),
      retryMessageContent: z.string().optional(),
    })
    .optional(),
});
export type EmailInputBlock = z.infer<typeof emailInputBlockSchema>;
