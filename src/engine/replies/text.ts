import type { ParsedReply, ReplyMessage } from "./types.js";

/** Any text is a valid answer; attachments are saved by the caller, the content stays the text. */
export function parseTextReply(reply: ReplyMessage | undefined): ParsedReply {
  if (!reply) return { status: "fail" };
  return { status: "success", content: reply.text };
}

/**
 * The answer value kept in the session for a text reply: attachments first, so that
 * e-mail and HTTP bodies built from answers carry the files too.
 */
export function textAnswerContent(text: string, attachedFileUrls?: readonly string[]): string {
  if (!attachedFileUrls || attachedFileUrls.length === 0) return text;
  return `${attachedFileUrls.join(", ")}\n\n${text}`;
}
