import { matchMultipleChoice, matchSingleChoice } from "./choice-matching.js";
import type { PictureChoiceInputBlock, PictureChoiceItem } from "../../schemas/blocks/index.js";
import type { ParsedReply, ReplyMessage, ReplyOptions } from "./types.js";

/** A picture as shown to the visitor; `value`, when set, is saved instead of the title. */
export type PictureChoiceReplyItem = Pick<
  PictureChoiceItem,
  "id" | "title" | "pictureSrc" | "value" | "outgoingEdgeId"
>;

export type PictureChoiceReplyOptions = ReplyOptions<PictureChoiceInputBlock, "isMultipleChoice"> & {
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
