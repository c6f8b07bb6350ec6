import { z } from "zod";
import { blockBaseSchema, inputOptionsBaseSchema } from "../shared.js";
import { textLabelsSchema } from "./text-input.js";

export const phoneInputBlockSchema = blockBaseSchema.extend({
  type: z.literal("phone number input"),
  options: inputOptionsBaseSchema
    .extend({
      labels: textLabelsSchema.optional(),
      retryMessageContent: z.string().optional(),
      /** ISO 3166-1 alpha-2 code used for numbers typed without a country prefix. */
      defaultCountryCode: z.string().optional(),
    })
    .optional(),
});
export type PhoneInputBlock = z.infer<typeof phoneInputBlockSchema>;
