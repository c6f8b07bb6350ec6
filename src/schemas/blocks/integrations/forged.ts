import { z } from "zod";
import { blockBaseSchema } from "../shared.js";
import {
  chatAndExtractAiOptionsSchema,
  chatOnlyAiOptionsSchema,
  openAiBlockOptionsSchema,
} from "./ai/ai-provider-options.js";
import { blinkOptionsSchema } from "./plugins/blink.js";
import { chatNodeOptionsSchema } from "./plugins/chat-node-options.js";
import { calComOptionsSchema, gmailOptionsSchema, zendeskOptionsSchema } from "./plugins/client-plugins.js";
import { difyAiOptionsSchema } from "./plugins/dify-ai-options.js";
import { elevenLabsOptionsSchema } from "./plugins/elevenlabs-options.js";
import { nocoDbOptionsSchema } from "./plugins/nocodb.js";
import { postHogOptionsSchema } from "./plugins/posthog.js";
import { qrCodeOptionsSchema } from "./plugins/qr-code-options.js";
import { segmentOptionsSchema } from "./plugins/segment.js";

/**
 * Plug-in blocks (the reference's "forged" blocks), identified by lowercase ids: each is its own kind
 * with its own options, `{ credentialsId?, action?, ...the action's fields }` as the reference exports
 * them. Every field is optional (the engine logs what is missing) and unknown keys are kept.
 */
const pluginBlock = <T extends string, O extends z.ZodType>(type: T, options: O) =>
  blockBaseSchema.extend({ type: z.literal(type), options: options.optional() });

/** The AI providers' blocks; their calls go through the `ai` port. */
export const aiBlockSchemas = [
  pluginBlock("openai", openAiBlockOptionsSchema),
  pluginBlock("anthropic", chatAndExtractAiOptionsSchema),
  pluginBlock("mistral", chatAndExtractAiOptionsSchema),
  pluginBlock("groq", chatOnlyAiOptionsSchema),
  pluginBlock("deepseek", chatOnlyAiOptionsSchema),
  pluginBlock("perplexity", chatOnlyAiOptionsSchema),
  pluginBlock("together-ai", chatOnlyAiOptionsSchema),
  pluginBlock("open-router", chatOnlyAiOptionsSchema),
] as const;

/** The other plug-ins: a service of their own, or something the chat client shows. */
export const pluginBlockSchemas = [
  pluginBlock("cal-com", calComOptionsSchema),
  pluginBlock("chat-node", chatNodeOptionsSchema),
  pluginBlock("qr-code", qrCodeOptionsSchema),
  pluginBlock("dify-ai", difyAiOptionsSchema),
  pluginBlock("elevenlabs", elevenLabsOptionsSchema),
  pluginBlock("nocodb", nocoDbOptionsSchema),
  pluginBlock("segment", segmentOptionsSchema),
  pluginBlock("posthog", postHogOptionsSchema),
  pluginBlock("zendesk", zendeskOptionsSchema),
  pluginBlock("blink", blinkOptionsSchema),
  pluginBlock("gmail", gmailOptionsSchema),
] as const;

export type AiBlock = z.infer<(typeof aiBlockSchemas)[number]>;
export type AiBlockType = AiBlock["type"];
export type PluginBlock = z.infer<(typeof pluginBlockSchemas)[number]>;
export type PluginBlockType = PluginBlock["type"];
export type ForgedBlock = AiBlock | PluginBlock;
export type ForgedBlockType = ForgedBlock["type"];

/** Plug-in blocks, AI providers first, by the reference's ids. */
export const aiBlockTypes = aiBlockSchemas.map((schema) => schema.shape.type.value) as readonly AiBlockType[];
export const pluginBlockTypes = pluginBlockSchemas.map(
  (schema) => schema.shape.type.value,
) as readonly PluginBlockType[];
export const forgedBlockTypes: readonly ForgedBlockType[] = [...aiBlockTypes, ...pluginBlockTypes];
