import { z } from "zod";
import { blockBaseSchema } from "../shared.js";

export const chatwootTasks = ["Show widget", "Close widget"] as const;

export const chatwootBlockSchema = blockBaseSchema.extend({
  type: z.literal("Chatwoot"),
  options: z
    .object({
      task: z.enum(chatwootTasks).optional(),
      baseUrl: z.string().optional(),
      websiteToken: z.string().optional(),
      user: z
        .object({
          id: z.string().optional(),
          email: z.string().optional(),
          name: z.string().optional(),
          avatarUrl: z.string().optional(),
          phoneNumber: z.string().optional(),
        })
        .optional(),
    })
    .optional(),
});
export type ChatwootBlock = z.infer<typeof chatwootBlockSchema>;
