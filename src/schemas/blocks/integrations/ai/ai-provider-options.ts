import { z } from "zod";
import {
  aiToolSchema,
  askAssistantOptionsSchema,
  askModelOptionsSchema,
  askModelResponseItems,
  chatCompletionOptionsSchema,
  chatCompletionResponseItems,
  createSpeechOptionsSchema,
  createTranscriptionOptionsSchema,
  generateVariablesOptionsSchema,
} from "./ai-options.js";

/**
 * The options each AI block stores: the fields of every action it offers (the reference keeps one
 * options object per block and switches on `action`). Where two actions name a field alike, it is the
 * same field, except `responseMapping`, whose items are those of the actions the block has.
 */
const responseMapping = <T extends readonly [string, ...string[]]>(items: T) =>
  z.array(z.looseObject({ item: z.enum(items).optional(), variableId: z.string().optional() })).optional();

/** Chat completion only (Groq, DeepSeek, Perplexity, Together, OpenRouter). */
export const chatOnlyAiOptionsSchema = chatCompletionOptionsSchema;
/** Chat completion and "Generate variables" (Anthropic, Mistral). */
export const chatAndExtractAiOptionsSchema = chatCompletionOptionsSchema.extend(generateVariablesOptionsSchema.shape);
/** OpenAI: chat completion, Ask Model, Ask Assistant (imported bots), Generate variables, speech, transcription. */
export const openAiBlockOptionsSchema = chatCompletionOptionsSchema.extend({
  ...generateVariablesOptionsSchema.shape,
  ...askModelOptionsSchema.shape,
  ...askAssistantOptionsSchema.shape,
  ...createSpeechOptionsSchema.shape,
  ...createTranscriptionOptionsSchema.shape,
  functions: z.array(aiToolSchema).optional(),
  responseMapping: responseMapping([...chatCompletionResponseItems, ...askModelResponseItems, "Thread ID"]),
});
export type OpenAiBlockOptions = z.infer<typeof openAiBlockOptionsSchema>;
