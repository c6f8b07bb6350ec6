import type { ReplyMessage } from "./types.js";

/** Characters a reply may have before it is parsed (PARLEY_MAX_TEXT_REPLY_LENGTH, PARLEY_MAX_SHORT_REPLY_LENGTH). */
export type ReplyLengthLimits = { text: number; short: number };

export const defaultReplyLengthLimits: ReplyLengthLimits = { text: 10_000, short: 500 };

/**
 * Inputs whose value is short by nature. Their parsers (phone numbers found in text, dates in free
 * wording) take time that grows with the text, so a longer reply is refused before any of them runs.
 */
const SHORT_INPUTS = new Set([
  "email input",
  "url input",
  "phone number input",
  "date input",
  "time input",
  "number input",
  "rating input",
]);

/** True when the reply is longer than its input type accepts: it is then answered as an invalid reply. */
export function isReplyTooLong(
  blockType: string,
  reply: ReplyMessage | undefined,
  limits: ReplyLengthLimits = defaultReplyLengthLimits,
): boolean {
  if (!reply) return false;
  return reply.text.length > (SHORT_INPUTS.has(blockType) ? limits.short : limits.text);
}
