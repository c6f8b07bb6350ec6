import { z } from "zod";
import { blockBaseSchema, variableOrNumberSchema } from "../shared.js";

export const openAiTasks = ["Create chat completion", "Create speech", "Create image"] as const;
export const openAiMessageRoles = ["system", "user", "assistant"] as const;
export const openAiResponseValues = [
  "Message content",
  "Total tokens",
  "Prompt tokens",
  "Completion tokens",
  "Image URL",
] as const;
export const openAiVoices = ["alloy", "echo", "fable", "onyx", "nova", "shimmer"] as const;

const nativeMessageSchema = z.object({
  id: z.string(),
  role: z.enum(openAiMessageRoles).optional(),
  content: z.string().optional(),
  name: z.string().optional(),
});

/** Interleaves two list variables (user / assistant) into messages. */
const messagesSequenceSchema = z.object({
  id: z.string(),
  role: z.literal("Messages sequence ✨"),
  content: z
    .object({
      assistantMessagesVariableId: z.string().optional(),
      userMessagesVariableId: z.string().optional(),
    })
    .optional(),
});

const dialogueSchema = z.object({
  id: z.string(),
  role: z.literal("Dialogue"),
  dialogueVariableId: z.string().optional(),
  startsBy: z.enum(["user", "assistant"]).optional(),
});

export const openAiMessageSchema = z.union([nativeMessageSchema, messagesSequenceSchema, dialogueSchema]);
export type OpenAiMessage = z.infer<typeof openAiMessageSchema>;

/** The legacy built-in "OpenAI" block (the "openai" plug-in is a forged block). Flat options, read by `task`. */
export const openAiBlockSchema = blockBaseSchema.extend({
  type: z.literal("OpenAI"),
  options: z
    .object({
      task: z.enum(openAiTasks).optional(),
      credentialsId: z.string().optional(),
      baseUrl: z.string().optional(),
      apiVersion: z.string().optional(),
      model: z.string().optional(),
      // "Create chat completion"
      messages: z.array(openAiMessageSchema).optional(),
      advancedSettings: z.object({ temperature: variableOrNumberSchema.optional() }).optional(),
      responseMapping: z
        .array(
          z.object({
            id: z.string(),
            valueToExtract: z.enum(openAiResponseValues).optional(),
            variableId: z.string().optional(),
          }),
        )
        .optional(),
      // "Create image"
      prompt: z.string().optional(),
      advancedOptions: z.object({ size: z.enum(["256x256", "512x512", "1024x1024"]).optional() }).optional(),
      // "Create speech"
      input: z.string().optional(),
      voice: z.enum(openAiVoices).optional(),
      saveUrlInVariableId: z.string().optional(),
    })
    .optional(),
});
export type OpenAiBlock = z.infer<typeof openAiBlockSchema>;
