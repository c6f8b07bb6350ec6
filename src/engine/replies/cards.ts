import type { CardMappableField, CardsBlock, CardsItem, CardsItemPath } from "../../schemas/blocks/index.js";
import type { ParsedReply, ReplyMessage, ReplyOptions } from "./types.js";

export type CardReplyPath = CardsItemPath;

export type CardReplyItem = Pick<CardsItem, "id" | "imageUrl" | "title" | "description" | "options" | "paths">;

export type CardMappedField = CardMappableField;

export type CardsReplyOptions = ReplyOptions<CardsBlock, "saveResponseMapping"> & {
  /** The cards the visitor was shown (see displayed-items.ts), already templated. */
  items: readonly CardReplyItem[];
};

type VariableUpdate = { variableId: string; value: string | null };

/**
 * A card answer names a button (path id in the text or in `replyId`) or a card title (trimmed,
 * case-insensitive; its first button is then used). The answer is the card title, or its image
 * URL when untitled; the button's edge is returned and the mapped card fields are written to variables.
 */
export function parseCardsReply(reply: ReplyMessage | undefined, options: CardsReplyOptions): ParsedReply {
  if (!reply) return { status: "fail" };
  const match = findByPath(reply, options.items) ?? findByTitle(reply.text, options.items);
  if (!match) return { status: "fail" };

  const { card, path } = match;
  const content = card.title || card.imageUrl;
  if (!content) return { status: "fail" };

  const variablesToUpdate = mappedVariables(options.saveResponseMapping, card, path);
  return {
    status: "success",
    content,
    ...(path?.outgoingEdgeId ? { outgoingEdgeId: path.outgoingEdgeId } : {}),
    ...(variablesToUpdate.length > 0 ? { variablesToUpdate } : {}),
  };
}

type CardMatch = { card: CardReplyItem; path: CardReplyPath | undefined };

function findByPath(reply: ReplyMessage, cards: readonly CardReplyItem[]): CardMatch | undefined {
  for (const card of cards) {
    const path = card.paths?.find((candidate) => candidate.id === reply.text || candidate.id === reply.replyId);
    if (path) return { card, path };
  }
  return undefined;
}

function findByTitle(text: string, cards: readonly CardReplyItem[]): CardMatch | undefined {
  const wanted = text.trim().toLowerCase();
  const card = [...cards]
    .sort((a, b) => (b.title?.length ?? 0) - (a.title?.length ?? 0))
    .find((candidate) => candidate.title?.trim().toLowerCase() === wanted);
  return card ? { card, path: card.paths?.[0] } : undefined;
}

function mappedVariables(
  mapping: CardsReplyOptions["saveResponseMapping"],
  card: CardReplyItem,
  path: CardReplyPath | undefined,
): VariableUpdate[] {
  const updates: VariableUpdate[] = [];
  for (const { field, variableId } of mapping ?? []) {
    if (!field || !variableId) continue;
    const value = fieldValue(field, card, path);
    // undefined = the card has no such field: leave the variable alone; null clears it.
    if (value !== undefined) updates.push({ variableId, value });
  }
  return updates;
}

function fieldValue(field: CardMappedField, card: CardReplyItem, path: CardReplyPath | undefined) {
  switch (field) {
    case "Image URL":
      return card.imageUrl;
    case "Title":
      return card.title;
    case "Description":
      return card.description;
    case "Button":
      return path?.text;
    case "Internal Value":
      return card.options?.internalValue || undefined;
  }
}
