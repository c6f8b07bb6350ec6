import { z } from "zod";
import { blockBaseSchema } from "../shared.js";

export const codeBlockSchema = blockBaseSchema.extend({
  type: z.literal("Code"),
  options: z
    .object({
      name: z.string().optional(),
      content: z.string().optional(),
      isExecutedOnClient: z.boolean().optional(),
      /** Set on imported bots so their code does not run in preview with the editor's rights. */
      isUnsafe: z.boolean().optional(),
      shouldExecuteInParentContext: z.boolean().optional(),
    })
    .optional(),
});
export type CodeBlock = z.infer<typeof codeBlockSchema>;
