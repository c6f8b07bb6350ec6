import type { ParsedReply, ReplyMessage } from "./types.js";

export type RatingReplyOptions = {
  buttonType?: string | null;
  length?: number | string | null;
  startsAt?: number | string | null;
};

const DEFAULT_LENGTH = 10;
const DEFAULT_STARTS_AT = 0;

/**
 * A rating is a number between the first and the last button, saved as sent.
 * Number buttons run from `startsAt` to `length`; icons run from 1 to `length`.
 */
export function parseRatingReply(reply: ReplyMessage | undefined, options?: RatingReplyOptions | null): ParsedReply {
  if (!reply || reply.text.trim() === "") return { status: "fail" };
  const rating = Number(reply.text);
  if (Number.isNaN(rating)) return { status: "fail" };

  const highest = toNumber(options?.length) || DEFAULT_LENGTH;
  const lowest = options?.buttonType === "Icons" ? 1 : (toNumber(options?.startsAt) ?? DEFAULT_STARTS_AT);
  if (rating > highest || rating < lowest) return { status: "fail" };
  return { status: "success", content: reply.text };
}

function toNumber(value: number | string | null | undefined): number | undefined {
  if (value === null || value === undefined || value === "") return undefined;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : undefined;
}
