import { matchMultipleChoice, matchSingleChoice } from "./choice-matching.js";
import type { ParsedReply, ReplyMessage } from "./types.js";

export type ChoiceReplyItem = {
  id: string;
  content?: string | null;
  /** Internal value: saved instead of the displayed content when set. */
  value?: string | null;
  outgoingEdgeId?: string | null;
};

export type ChoiceReplyOptions = {
  isMultipleChoice?: boolean | null;
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
