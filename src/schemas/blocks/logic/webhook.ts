import { z } from "zod";
import { blockBaseSchema, responseVariableMappingSchema } from "../shared.js";

/** Lowercase "webhook": waits for an external HTTP call (unlike the "Webhook" HTTP request block). */
export const webhookBlockSchema = blockBaseSchema.extend({
  type: z.literal("webhook"),
  options: z
    .object({
      responseVariableMapping: z.array(responseVariableMappingSchema).optional(),
    })
    .optional(),
});
export type WebhookBlock = z.infer<typeof webhookBlockSchema>;
