import { z } from "zod";
import { blockBaseSchema, defaultButtonLabel, inputOptionsBaseSchema } from "../shared.js";
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

export const urlInputDefaults = {
  labels: { placeholder: "Type a URL...", button: defaultButtonLabel },
  retryMessageContent: "This URL doesn't seem to be valid. Can you type it again?",
} as const;
