import { ratingRange } from "../../schemas/blocks/catalogue/index.js";
import type { RatingInputBlock } from "../../schemas/blocks/index.js";
import type { ParsedReply, ReplyMessage, ReplyOptions } from "./types.js";

export type RatingReplyOptions = ReplyOptions<RatingInputBlock, "buttonType" | "length" | "startsAt">;

/**
 * A rating is a number between the first and the last button, saved as sent.
 * Number buttons run from `startsAt` to `length`; icons run from 1 to `length`.
 */
export function parseRatingReply(reply: ReplyMessage | undefined, options?: RatingReplyOptions | null): ParsedReply {
  if (!reply || reply.text.trim() === "") return { status: "fail" };
  const rating = Number(reply.text);
  if (Number.isNaN(rating)) return { status: "fail" };

  const { lowest, highest } = ratingRange(options);
  if (rating > highest || rating < lowest) return { status: "fail" };
  return { status: "success", content: reply.text };
}
