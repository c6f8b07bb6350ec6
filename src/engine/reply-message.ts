import type { ChatMessage } from "../schemas/chat.js";
import type { ReplyMessage } from "./replies/types.js";

/**
 * A bare string and `{type:"text"}` are the same answer; an audio clip answers with its URL; commands
 * are routed elsewhere.
 */
export function toReplyMessage(message: ChatMessage | null | undefined): ReplyMessage | undefined {
  if (message === undefined || message === null) return undefined;
  if (typeof message === "string") return { type: "text", text: message };
  if (message.type === "audio") return { type: "text", text: message.url, isAudioClip: true };
  if (message.type !== "text") return undefined;
  const reply: ReplyMessage = { type: "text", text: message.text };
  if (message.attachedFileUrls?.length) reply.attachedFileUrls = message.attachedFileUrls;
  if (message.metadata?.replyId) reply.replyId = message.metadata.replyId;
  return reply;
}
