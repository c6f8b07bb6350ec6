import { z } from "zod";
import { clientLogsInputSchema, previewStartChatInputSchema, startChatResponseSchema } from "./chat.js";

/**
 * Request and response shapes of the reference product's embed client (`@typebot.io/js`), which names
 * the bot `typebot`. They map onto the spec's chat schemas; nothing here has a meaning of its own.
 */

/** The public start body is the spec's own: `{ isStreamEnabled, prefilledVariables, resultId?, isOnlyRegistering }`. */
export { startChatInputSchema as typebotStartChatInputSchema } from "./chat.js";

/** The preview start names the bot `typebot`: its id (the stored draft) or a whole bot of schema version 3 to 6. */
export const typebotPreviewStartChatInputSchema = previewStartChatInputSchema.omit({ bot: true }).extend({
  typebot: z.union([z.string().min(1).max(255), z.record(z.string(), z.unknown())]).optional(),
});

/** The start answer with the bot under `typebot`; its theme and settings are always objects. */
export const typebotStartChatResponseSchema = startChatResponseSchema.omit({ bot: true }).extend({
  typebot: startChatResponseSchema.shape.bot,
});

/** v2 client logs carry `{ context, description, details }` with no `status`: they are stored as errors. */
export const typebotClientLogsInputSchema = clientLogsInputSchema;

export const generateUploadUrlInputSchema = z.object({
  sessionId: z.string().min(1).max(255),
  fileName: z.string().min(1).max(1_000),
  fileType: z.string().max(255).optional(),
  fileSize: z.number().int().nonnegative().optional(),
  blockId: z.string().max(255).optional(),
});

/** Where and how the client posts the file (an S3-style form POST), and the URL the file is served at. */
export const generateUploadUrlResponseSchema = z.object({
  presignedUrl: z.string(),
  formData: z.record(z.string(), z.string()),
  fileUrl: z.string(),
});
