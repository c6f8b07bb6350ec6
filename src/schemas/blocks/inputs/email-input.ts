import { z } from "zod";
import { blockBaseSchema, defaultButtonLabel, inputOptionsBaseSchema } from "../shared.js";
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

export const emailInputDefaults = {
  labels: { placeholder: "Type your email...", button: defaultButtonLabel },
  retryMessageContent: "This email doesn't seem to be valid. Can you type it again?",
} as const;
