import { Readable } from "node:stream";
import type { ChannelClient } from "../../integrations/channels/outgoing.js";
import type { InboundMessage } from "../../schemas/channels.js";
import type { ChatMessage } from "../../schemas/chat.js";
import type { AppContext } from "../context.js";
import { safeFileName, storeUpload } from "../files/uploads.js";
import type { OfferedChoices } from "./reply-parts.js";

const EXTENSIONS: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "video/mp4": "mp4",
  "audio/ogg": "ogg",
  "audio/mpeg": "mp3",
  "audio/mp4": "m4a",
  "application/pdf": "pdf",
};

/** An offered choice the contact named: a tapped button of this question, its number, or its label. */
function chosen(message: InboundMessage, offered: OfferedChoices | undefined) {
  if (!offered) return undefined;
  if (message.buttonData) {
    const [nonce, index] = message.buttonData.split(".");
    return nonce === offered.nonce ? offered.choices[Number(index)] : undefined;
  }
  const typed = message.text.trim();
  if (/^\d{1,3}$/.test(typed)) return offered.choices[Number(typed) - 1];
  return offered.choices.find((choice) => choice.text.trim().toLowerCase() === typed.toLowerCase());
}

/** Several numbers ("1, 3" or "1 3") for a multiple choice: the labels, joined as the web client sends them. */
function chosenMany(text: string, offered: OfferedChoices): string | undefined {
  const numbers = text.trim().split(/[\s,;]+/);
  if (!numbers.every((number) => /^\d{1,3}$/.test(number))) return undefined;
  const labels = numbers.map((number) => offered.choices[Number(number) - 1]?.text);
  return labels.every((label) => label !== undefined) ? labels.join(", ") : undefined;
}

/** The contact's message as the chat engine reads it (the web client's shape). */
export function chatMessageOf(message: InboundMessage, offered: OfferedChoices | undefined): ChatMessage {
  const choice = chosen(message, offered);
  if (choice)
    return { type: "text", text: choice.text, ...(choice.replyId ? { metadata: { replyId: choice.replyId } } : {}) };
  const many = offered?.multiple ? chosenMany(message.text, offered) : undefined;
  return { type: "text", text: many ?? message.text };
}

/**
 * The files of a message, fetched from the app and kept with Parley's uploads (the same limit as a
 * visitor's upload): their public URLs, for `attachedFileUrls`. A file that cannot be fetched is
 * named in `failures` and left out.
 */
export async function downloadAttachments(
  ctx: AppContext,
  client: ChannelClient,
  message: InboundMessage,
  publicBase: string,
): Promise<{ urls: string[]; stored: { folder: string; size: number }[]; failures: string[] }> {
  const urls: string[] = [];
  const stored: { folder: string; size: number }[] = [];
  const failures: string[] = [];
  for (const media of message.media ?? []) {
    try {
      const file = await client.download(media.ref, ctx.config.uploadLimitBytes);
      const extension = EXTENSIONS[file.mimeType.split(";")[0]!.trim()] ?? "bin";
      const name = safeFileName(media.fileName || file.fileName) ?? `file.${extension}`;
      const saved = await storeUpload(ctx, Readable.from([file.bytes]), name, ctx.config.uploadLimitBytes);
      stored.push(saved);
      urls.push(`${publicBase}/files/${saved.folder}/${encodeURIComponent(name)}`);
    } catch (error) {
      failures.push(`A file sent in the app could not be fetched: ${(error as Error).message}`);
    }
  }
  return { urls, stored, failures };
}
