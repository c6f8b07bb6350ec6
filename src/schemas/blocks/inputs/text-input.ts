import { z } from "zod";
import { blockBaseSchema, fileVisibilities, inputOptionsBaseSchema } from "../shared.js";

/** Labels shared by the single-line inputs (text, number, email, url, phone). */
export const textLabelsSchema = z.object({
  placeholder: z.string().optional(),
  button: z.string().optional(),
});

export const inputModes = ["text", "decimal", "numeric", "tel", "search", "email", "url"] as const;

const uploadOptionsSchema = z.object({
  isEnabled: z.boolean().optional(),
  saveVariableId: z.string().optional(),
  visibility: z.enum(fileVisibilities).optional(),
});

export const textInputBlockSchema = blockBaseSchema.extend({
  type: z.literal("text input"),
  options: inputOptionsBaseSchema
    .extend({
      labels: textLabelsSchema.optional(),
      isLong: z.boolean().optional(),
      inputMode: z.enum(inputModes).optional(),
      audioClip: uploadOptionsSchema.optional(),
      attachments: uploadOptionsSchema.optional(),
    })
    .optional(),
});
export type TextInputBlock = z.infer<typeof textInputBlockSchema>;
