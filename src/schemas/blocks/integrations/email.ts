import { z } from "zod";
import { blockBaseSchema } from "../shared.js";

export const emailBlockSchema = blockBaseSchema.extend({
  type: z.literal("Email"),
  options: z
    .object({
      /** "default" selects the server's own mail settings. */
      credentialsId: z.string().optional(),
      isCustomBody: z.boolean().optional(),
      isBodyCode: z.boolean().optional(),
      recipients: z.array(z.string()).optional(),
      subject: z.string().optional(),
      body: z.string().optional(),
      replyTo: z.string().optional(),
      cc: z.array(z.string()).optional(),
      bcc: z.array(z.string()).optional(),
      attachmentsVariableId: z.string().optional(),
    })
    .optional(),
});
export type EmailBlock = z.infer<typeof emailBlockSchema>;
