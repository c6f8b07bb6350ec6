import type { ParsedReply, ReplyMessage } from "./types.js";

// local part: dot-separated atoms or a quoted string; domain: bracketed IPv4 or labels with a 2+ letter TLD.
const EMAIL_PATTERN =
  /^(?:[^<>()[\]\\.,;:\s@"]+(?:\.[^<>()[\]\\.,;:\s@"]+)*|".+")@(?:\[\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}\]|(?:[a-zA-Z\-0-9]+\.)+[a-zA-Z]{2,})$/;

export function isValidEmail(text: string): boolean {
  return EMAIL_PATTERN.test(text);
}

/** Valid e-mail addresses are saved lowercased. */
export function parseEmailReply(reply: ReplyMessage | undefined): ParsedReply {
  if (!reply || !isValidEmail(reply.text)) return { status: "fail" };
  return { status: "success", content: reply.text.toLowerCase() };
}
