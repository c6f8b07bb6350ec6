import { z } from "zod";

/**
 * What the visitor sends: a bare string (also a payment's return, "Success"/"fail"), a text message, a
 * command for a command event, or a recorded audio clip by its uploaded URL.
 */
export const chatMessageSchema = z.union([
  z.string().max(100_000),
  z.object({
    type: z.literal("text"),
    text: z.string().max(100_000),
    attachedFileUrls: z.array(z.string().max(4096)).max(100).optional(),
    metadata: z.object({ replyId: z.string().max(255).optional() }).optional(),
  }),
  z.object({ type: z.literal("command"), command: z.string().max(255) }),
  z.object({ type: z.literal("audio"), url: z.string().min(1).max(4096) }),
  // The visitor left the waiting input unanswered past its idle timeout: the flow takes its idle path.
  z.object({ type: z.literal("idle") }),
]);
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const textBubbleContentFormatSchema = z.enum(["richText", "markdown"]);
export type TextBubbleContentFormat = z.infer<typeof textBubbleContentFormatSchema>;

const prefilledVariablesSchema = z.record(z.string().max(255), z.unknown());

export const startChatInputSchema = z.object({
  message: chatMessageSchema.optional(),
  isStreamEnabled: z.boolean().optional(),
  resultId: z.string().min(1).max(255).optional(),
  isOnlyRegistering: z.boolean().optional(),
  prefilledVariables: prefilledVariablesSchema.optional(),
  textBubbleContentFormat: textBubbleContentFormatSchema.optional(),
});

export const startFromSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("group"), groupId: z.string().min(1) }),
  z.object({ type: z.literal("event"), eventId: z.string().min(1) }),
]);

/** The bot of a preview request is validated after its schema upgrade, not here. */
export const previewStartChatInputSchema = z.object({
  isStreamEnabled: z.boolean().optional(),
  message: chatMessageSchema.optional(),
  isOnlyRegistering: z.boolean().optional(),
  bot: z.record(z.string(), z.unknown()).optional(),
  startFrom: startFromSchema.optional(),
  prefilledVariables: prefilledVariablesSchema.optional(),
  /** A preview's own id (a restart keeps it): letters, digits, `_` and `-` only, as the server's ids. */
  sessionId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, { error: "sessionId must be 1 to 64 letters, digits, _ or -" })
    .optional(),
  textBubbleContentFormat: textBubbleContentFormatSchema.optional(),
  isProgressBarEnabled: z.boolean().optional(),
});

export const continueChatInputSchema = z.object({
  message: chatMessageSchema.nullish(),
  textBubbleContentFormat: textBubbleContentFormatSchema.optional(),
});

export const clientLogsInputSchema = z.object({
  clientLogs: z
    .array(
      z.object({
        status: z.string().max(50).optional(),
        description: z.string().max(10_000),
        details: z.unknown().optional(),
        context: z.string().max(1_000).optional(),
      }),
    )
    .max(100),
});

export const chatLogSchema = z.object({
  status: z.string(),
  description: z.string(),
  details: z.unknown().optional(),
  context: z.string().optional(),
});
export type ChatLog = z.infer<typeof chatLogSchema>;

export const chatBubbleSchema = z.object({
  id: z.string(),
  type: z.enum(["text", "image", "video", "audio", "embed"]),
  content: z.record(z.string(), z.unknown()),
});
export type ChatBubble = z.infer<typeof chatBubbleSchema>;

export const clientSideActionSchema = z
  .object({
    type: z.string(),
    lastBubbleBlockId: z.string().optional(),
    expectsDedicatedReply: z.boolean().optional(),
  })
  .catchall(z.unknown());
export type ClientSideAction = z.infer<typeof clientSideActionSchema>;

export const dynamicThemeSchema = z.object({
  hostAvatarUrl: z.string().optional(),
  guestAvatarUrl: z.string().optional(),
  backgroundUrl: z.string().optional(),
});
export type DynamicTheme = z.infer<typeof dynamicThemeSchema>;

export const chatInputSchema = z.object({
  id: z.string(),
  type: z.string(),
  outgoingEdgeId: z.string().optional(),
  options: z.record(z.string(), z.unknown()).optional(),
  items: z.array(z.record(z.string(), z.unknown())).optional(),
  prefilledValue: z.string().optional(),
  /** Set when the input has an idle path: the client sends `{ type: "idle" }` after this many seconds of silence. */
  idleTimeout: z.object({ seconds: z.number() }).optional(),
  runtimeOptions: z
    .object({ paymentIntentSecret: z.string(), amountLabel: z.string(), publicKey: z.string() })
    .optional(),
});
/** The input as sent to the client: the templated block plus what the client needs to show it. */
export type ChatInput = z.infer<typeof chatInputSchema>;

export const continueChatResponseSchema = z.object({
  lastMessageNewFormat: z.string().optional(),
  messages: z.array(chatBubbleSchema),
  input: chatInputSchema.optional(),
  clientSideActions: z.array(clientSideActionSchema).optional(),
  logs: z.array(chatLogSchema).optional(),
  dynamicTheme: dynamicThemeSchema.optional(),
  progress: z.number().optional(),
});

export const startChatResponseSchema = continueChatResponseSchema.extend({
  sessionId: z.string(),
  resultId: z.string().optional(),
  bot: z.object({
    id: z.string(),
    version: z.string(),
    theme: z.record(z.string(), z.unknown()),
    settings: z.record(z.string(), z.unknown()),
    publishedAt: z.string().optional(),
    /** The language the chat speaks (bots with `settings.languages`), chosen from `locale` or Accept-Language. */
    locale: z.string().optional(),
  }),
});
