import * as chronoEnglish from "chrono-node/en";
import { formatDate, parseDateText } from "./date-parsing.js";
import { timeInputDefaults } from "../../schemas/blocks/catalogue/index.js";
import type { TimeInputBlock } from "../../schemas/blocks/index.js";
import type { ParsedReply, ReplyMessage, ReplyOptions } from "./types.js";

export type TimeReplyOptions = ReplyOptions<TimeInputBlock, "format">;

export const DEFAULT_TIME_FORMAT = timeInputDefaults.format;

/**
 * Understands "14:30", "2:30pm", "noon"... and saves the time with `format` (default "HH:mm").
 * `now` anchors relative expressions ("in 2 hours"); it defaults to the current time.
 */
export function parseTimeReply(
  reply: ReplyMessage | undefined,
  options?: TimeReplyOptions | null,
  now?: Date,
): ParsedReply {
  if (!reply) return { status: "fail" };
  const parsed = parseDateText(reply.text, chronoEnglish.casual, now);
  if (!parsed) return { status: "fail" };
  return {
    status: "success",
    content: formatDate(parsed.start, options?.format || DEFAULT_TIME_FORMAT, DEFAULT_TIME_FORMAT),
  };
}
