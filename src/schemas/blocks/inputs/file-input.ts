import { z } from "zod";
import { blockBaseSchema, fileVisibilities, inputOptionsBaseSchema } from "../shared.js";

export const fileCaptureModes = ["environment", "user"] as const;

export const fileInputBlockSchema = blockBaseSchema.extend({
  type: z.literal("file input"),
  options: inputOptionsBaseSchema
    .extend({
      isRequired: z.boolean().optional(),
      isMultipleAllowed: z.boolean().optional(),
      labels: z
        .object({
          placeholder: z.string().optional(),
          button: z.string().optional(),
          clear: z.string().optional(),
          skip: z.string().optional(),
          success: z
            .object({
              single: z.string().optional(),
              /** `{total}` is replaced by the number of files. */
              multiple: z.string().optional(),
            })
            .optional(),
        })
        .optional(),
      allowedFileTypes: z
        .object({
          isEnabled: z.boolean().optional(),
          types: z.array(z.string()).optional(),
        })
        .optional(),
      capture: z.enum(fileCaptureModes).optional(),
      visibility: z.enum(fileVisibilities).optional(),
    })
    .optional(),
});
export type FileInputBlock = z.infer<typeof fileInputBlockSchema>;
