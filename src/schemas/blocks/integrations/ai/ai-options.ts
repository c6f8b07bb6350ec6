import { z } from "zod";

/**
 * Options of the AI plug-in blocks (`openai`, `anthropic`, `mistral`, …), per action, as the reference
 * stores them. Every field is optional: the builder saves what the author filled in, and the engine
 * logs what is missing. Unknown keys are kept (hidden, deprecated options of imported bots).
 */
const text = z.string().optional();
/** A number, or a `{{Variable}}` that holds one. */
const numberOrVariable = z.union([z.number(), z.string()]).optional();

export const aiChatMessageSchema = z.union([
  z.looseObject({ role: z.enum(["system", "user", "assistant"]), content: text }),
  z.looseObject({
    role: z.literal("Dialogue"),
    dialogueVariableId: text,
    startsBy: z.enum(["user", "assistant"]).optional(),
  }),
]);
export type AiChatMessageOption = z.infer<typeof aiChatMessageSchema>;

export const aiToolParameterTypes = ["string", "number", "boolean", "enum"] as const;
export const aiToolSchema = z.looseObject({
  type: z.literal("function").optional(),
  name: text,
  description: text,
  parameters: z
    .array(
      z.looseObject({
        type: z.enum(aiToolParameterTypes).optional(),
        name: text,
        description: text,
        required: z.boolean().optional(),
        values: z.array(z.string()).optional(),
      }),
    )
    .optional(),
  code: text,
});
export type AiToolOption = z.infer<typeof aiToolSchema>;

export const chatCompletionResponseItems = [
  "Message content",
  "Total tokens",
  "Prompt tokens",
  "Completion tokens",
] as const;
const mapping = <T extends readonly [string, ...string[]]>(items: T) =>
  z.array(z.looseObject({ item: z.enum(items).optional(), variableId: text })).optional();

export const chatCompletionOptionsSchema = z.looseObject({
  credentialsId: text,
  action: text,
  model: text,
  messages: z.array(aiChatMessageSchema).optional(),
  /** Anthropic's "Create Chat Message" keeps its system prompt apart. */
  systemMessage: text,
  maxTokens: numberOrVariable,
  tools: z.array(aiToolSchema).optional(),
  temperature: numberOrVariable,
  responseMapping: mapping(chatCompletionResponseItems),
});
export type ChatCompletionOptions = z.infer<typeof chatCompletionOptionsSchema>;

export const extractedVariableTypes = ["string", "number", "boolean", "array", "enum"] as const;
export const generateVariablesOptionsSchema = z.looseObject({
  credentialsId: text,
  model: text,
  prompt: text,
  variablesToExtract: z
    .array(
      z.looseObject({
        variableId: text,
        type: z.enum(extractedVariableTypes).optional(),
        description: text,
        isRequired: z.boolean().optional(),
        values: z.array(z.string()).optional(),
      }),
    )
    .optional(),
});
export type GenerateVariablesOptions = z.infer<typeof generateVariablesOptionsSchema>;

export const askModelResponseItems = ["Message", "Response ID"] as const;
export const askModelOptionsSchema = z.looseObject({
  credentialsId: text,
  model: text,
  message: text,
  instructions: text,
  responseIdVariableId: text,
  fileSearchVectorStoreIds: z.array(z.string()).optional(),
  fileSearchMaxNumResults: numberOrVariable,
  fileSearchScoreThreshold: numberOrVariable,
  webSearchEnabled: z.boolean().optional(),
  codeInterpreterEnabled: z.boolean().optional(),
  functions: z.array(aiToolSchema).optional(),
  temperature: numberOrVariable,
  responseMapping: mapping(askModelResponseItems),
});
export type AskModelOptions = z.infer<typeof askModelOptionsSchema>;

export const askAssistantResponseItems = ["Message", "Thread ID"] as const;
export const askAssistantOptionsSchema = z.looseObject({
  credentialsId: text,
  assistantId: text,
  threadVariableId: text,
  message: text,
  functions: z.array(z.looseObject({ name: text, code: text })).optional(),
  additionalInstructions: text,
  responseMapping: mapping(askAssistantResponseItems),
});
export type AskAssistantOptions = z.infer<typeof askAssistantOptionsSchema>;

export const speechVoices = ["alloy", "echo", "fable", "onyx", "nova", "shimmer"] as const;
export const createSpeechOptionsSchema = z.looseObject({
  credentialsId: text,
  model: text,
  input: text,
  instructions: text,
  voice: z.enum(speechVoices).optional(),
  saveUrlInVariableId: text,
});
export type CreateSpeechOptions = z.infer<typeof createSpeechOptionsSchema>;

export const createTranscriptionOptionsSchema = z.looseObject({
  credentialsId: text,
  url: text,
  model: text,
  prompt: text,
  transcriptionVariableId: text,
});
export type CreateTranscriptionOptions = z.infer<typeof createTranscriptionOptionsSchema>;

/** Action names, as stored in `options.action`. */
export const aiActions = {
  chatCompletion: "Create chat completion",
  anthropicChat: "Create Chat Message",
  generateVariables: "Generate variables",
  askModel: "Ask Model",
  askAssistant: "Ask Assistant",
  createSpeech: "Create speech",
  createTranscription: "Create transcription",
} as const;

/** The actions each AI block offers (Ask Assistant is kept for imported bots, not offered). */
export const aiBlockActions = {
  openai: [
    aiActions.chatCompletion,
    aiActions.askModel,
    aiActions.generateVariables,
    aiActions.createSpeech,
    aiActions.createTranscription,
  ],
  anthropic: [aiActions.anthropicChat, aiActions.generateVariables],
  mistral: [aiActions.chatCompletion, aiActions.generateVariables],
  groq: [aiActions.chatCompletion],
  deepseek: [aiActions.chatCompletion],
  perplexity: [aiActions.chatCompletion],
  "together-ai": [aiActions.chatCompletion],
  "open-router": [aiActions.chatCompletion],
} as const;

export const aiDefaults = { speechModel: "tts-1", transcriptionModel: "whisper-1", anthropicMaxTokens: 1024 } as const;

/** The AI blocks' providers, as block types and credential types. */
export type AiBlockProvider = keyof typeof aiBlockActions;
export const aiBlockProviders = Object.keys(aiBlockActions) as [AiBlockProvider, ...AiBlockProvider[]];
