import type { Block } from "../../lib/types.js";

/** `text`: the label as stored (buttons and picture choices), editable in place; `label`: what is shown. */
export type ItemHandle = { itemId: string; pathId?: string; label: string; text?: string };

type Options = Record<string, any> | undefined;

/** The labelled exits a block draws for its items (choices, branches, A/B paths, card buttons). */
export function itemHandles(block: Block): ItemHandle[] {
  switch (block.type) {
    case "choice input":
      return block.items.map((item) => ({
        itemId: item.id,
        label: item.content || "Click to edit",
        text: item.content ?? "",
      }));
    case "picture choice input":
      return block.items.map((item) => ({
        itemId: item.id,
        label: item.title || item.pictureSrc || "Click to edit",
        text: item.title ?? "",
      }));
    case "AB test": {
      const a = (block.options as Options)?.aPercent ?? 50;
      return block.items.map((item) => ({
        itemId: item.id,
        label: item.path === "a" ? `A · ${a}%` : `B · ${100 - a}%`,
      }));
    }
    case "cards":
      return block.items.flatMap((item) =>
        (item.paths ?? []).map((path) => ({
          itemId: item.id,
          pathId: path.id,
          label: `${item.title || "Card"} · ${path.text || "Button"}`,
        })),
      );
    case "Condition":
      return block.items.map((item) => ({ itemId: item.id, label: "" }));
    case "knowledge answer":
      return block.items.map((item) => ({ itemId: item.id, label: "No good match" }));
    default:
      return [];
  }
}

/**
 * Whether a block draws its own exit: the last block of a group continues the flow there; earlier
 * blocks only show theirs when a document already uses it. Jumps and returns never continue, and
 * single-choice blocks continue through their items ("Default" otherwise).
 */
export function hasDefaultHandle(block: Block, isLast: boolean): boolean {
  if (block.outgoingEdgeId) return true;
  if (!isLast) return false;
  if (block.type === "Jump" || block.type === "Return" || block.type === "AB test") return false;
  if (block.type === "cards") return false;
  return true;
}

export function defaultHandleLabel(block: Block): string {
  if (block.type === "Condition") return "Else";
  if (block.type === "choice input" || block.type === "picture choice input") return "Default";
  if (block.type === "hand off") return "Handed back";
  return "";
}
