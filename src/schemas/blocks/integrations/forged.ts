import { z } from "zod";
import { blockBaseSchema } from "../shared.js";

/** Plug-in blocks, identified by lowercase ids. */
export const forgedBlockTypes = [
  "openai",
  "cal-com",
  "chat-node",
  "qr-code",
  "dify-ai",
  "mistral",
  "elevenlabs",
  "anthropic",
  "together-ai",
  "open-router",
  "nocodb",
  "segment",
  "posthog",
  "groq",
  "zendesk",
  "perplexity",
  "deepseek",
  "blink",
  "gmail",
] as const;
export type ForgedBlockType = (typeof forgedBlockTypes)[number];

/** Each plug-in action has its own fields, so options keep every key they are given. */
export const forgedBlockSchema = blockBaseSchema.extend({
  type: z.enum(forgedBlockTypes),
  options: z
    .looseObject({
      credentialsId: z.string().optional(),
      action: z.string().optional(),
    })
    .optional(),
});
export type ForgedBlock = z.infer<typeof forgedBlockSchema>;
