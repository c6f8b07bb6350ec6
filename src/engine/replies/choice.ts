import { matchMultipleChoice, matchSingleChoice } from "./choice-matching.js";
import type { ChoiceInputBlock, ChoiceItem } from "../../schemas/blocks/index.js";
import type { ParsedReply, ReplyMessage, ReplyOptions } from "./types.js";

/** An item as shown to the visitor; `value`, when set, is saved instead of the displayed content. */
export type ChoiceReplyItem = Pick<ChoiceItem, "id" | "content" | "value" | "outgoingEdgeId">;

export type ChoiceReplyOptions = ReplyOptions<ChoiceInputBlock, "isMultipleChoice"> & {
  /** The items the visitor was shown (see displayed-items.ts), already templated. */
  items: readonly ChoiceReplyItem[];
};

const contentOf = (item: ChoiceReplyItem) => item.content;

/** Buttons input. Single choice also returns the matched item's edge; multiple choice never does. */
export function parseChoiceReply(reply: ReplyMessage | undefined, options: ChoiceReplyOptions): ParsedReply {
  if (!reply) return { status: "fail" };
  return options.isMultipleChoice
    ? matchMultipleChoice(reply, options.items, contentOf)
    : matchSingleChoice(reply, options.items, contentOf);
}
