import type { ParsedReply, ReplyMessage } from "./types.js";

/** What button matching reads from a choice or picture-choice item. */
export type MatchableItem = {
  id: string;
  value?: string | null;
  outgoingEdgeId?: string | null;
};

/** The label shown on the button: choice `content`, picture `title` (or its picture URL). */
export type ItemLabel<T> = (item: T) => string | null | undefined;

/**
 * Single choice: the clicked button (`replyId`), else an item whose id equals the text, or whose
 * internal value or label equals the trimmed text (case-sensitive). Longer labels are tried
 * first. The answer is the internal value when set, else the label; the item's edge is returned.
 */
export function matchSingleChoice<T extends MatchableItem>(
  reply: ReplyMessage,
  items: readonly T[],
  labelOf: ItemLabel<T>,
): ParsedReply {
  const text = reply.text.trim();
  const byReplyId = reply.replyId ? items.find((item) => item.id === reply.replyId) : undefined;
  const matched =
    byReplyId ??
    longestLabelFirst(items, labelOf).find((item) => {
      if (item.id === reply.text) return true;
      if (item.value && item.value.trim() === text) return true;
      const label = labelOf(item);
      return Boolean(label) && label!.trim() === text;
    });
  if (!matched) return { status: "fail" };

  const content = matched.value || labelOf(matched);
  if (!content) return { status: "fail" };
  return matched.outgoingEdgeId
    ? { status: "success", content, outgoingEdgeId: matched.outgoingEdgeId }
    : { status: "success", content };
}

/**
 * Multiple choice: the text may name several items. Successive passes look, as whole words and
 * ignoring case, for item ids, then internal values, then labels (longest first), then 1-based
 * positions ("1, 3"); each match is cut out of the text so it cannot match twice. The answer lists
 * the matched items in display order, joined by ", ". Routing always uses the block's own edge.
 */
export function matchMultipleChoice<T extends MatchableItem>(
  reply: ReplyMessage,
  items: readonly T[],
  labelOf: ItemLabel<T>,
): ParsedReply {
  let remaining = reply.text;
  const matched = new Set<T>();
  const consume = (item: T, phrase: string | null | undefined) => {
    if (matched.has(item) || !phrase) return;
    const rest = removeWholePhrase(remaining, phrase);
    if (rest === undefined) return;
    remaining = rest;
    matched.add(item);
  };

  const sorted = longestLabelFirst(items, labelOf);
  for (const item of sorted) consume(item, item.id);
  for (const item of sorted) consume(item, item.value);
  for (const item of sorted) consume(item, labelOf(item));
  items.forEach((item, index) => {
    consume(item, String(index + 1));
  });

  const answers = items
    .filter((item) => matched.has(item))
    .map((item) => item.value || labelOf(item)?.trim())
    .filter((answer): answer is string => Boolean(answer));
  if (answers.length === 0) return { status: "fail" };
  return { status: "success", content: answers.join(", ") };
}

function longestLabelFirst<T>(items: readonly T[], labelOf: ItemLabel<T>): T[] {
  return [...items].sort((a, b) => (labelOf(b)?.length ?? 0) - (labelOf(a)?.length ?? 0));
}

// A "word" character is a Unicode letter, number or combining mark, so "tests" does not contain "test"
// and Korean or accented labels match as whole words too.
const NOT_WORD = "[^\\p{L}\\p{N}\\p{M}]";

/**
 * Removes the first whole-word, case-insensitive occurrence of `phrase` (inner whitespace may vary)
 * and returns the trimmed rest, or undefined when the phrase is absent.
 */
export function removeWholePhrase(text: string, phrase: string): string | undefined {
  const words = phrase.trim().split(/\s+/u).filter(Boolean);
  if (words.length === 0 || text === "") return undefined;
  const body = words.map(escapeRegExp).join("\\s+");
  const pattern = new RegExp(`(^|${NOT_WORD})(?:${body})(?=$|${NOT_WORD})`, "iu");
  if (!pattern.test(text)) return undefined;
  return text.replace(pattern, "$1").trim();
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
