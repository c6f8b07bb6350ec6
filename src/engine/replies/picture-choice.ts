import { matchMultipleChoice, matchSingleChoice } from "./choice-matching.js";
import type { ParsedReply, ReplyMessage } from "./types.js";

export type PictureChoiceReplyItem = {
  id: string;
  title?: string | null;
  pictureSrc?: string | null;
  /** Internal value: saved instead of the title when set. */
  value?: string | null;
  outgoingEdgeId?: string | null;
};

export type PictureChoiceReplyOptions = {
  isMultipleChoice?: boolean | null;
  /** The items the visitor was shown (see displayed-items.ts), already templated. */
  items: readonly PictureChoiceReplyItem[];
};

// An untitled picture is named by its URL.
const labelOf = (item: PictureChoiceReplyItem) => item.title || item.pictureSrc;

/** Same matching as the buttons input, with the picture's title as its label. */
export function parsePictureChoiceReply(
  reply: ReplyMessage | undefined,
  options: PictureChoiceReplyOptions,
): ParsedReply {
  if (!reply) return { status: "fail" };
  return options.isMultipleChoice
    ? matchMultipleChoice(reply, options.items, labelOf)
    : matchSingleChoice(reply, options.items, labelOf);
}
