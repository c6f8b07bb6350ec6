import type { Block } from "../../schemas/blocks/index.js";

type Node = { text?: unknown; children?: unknown };

function hasText(nodes: unknown): boolean {
  if (!Array.isArray(nodes)) return false;
  return nodes.some(
    (node: Node) => (typeof node?.text === "string" && node.text.trim() !== "") || hasText(node?.children),
  );
}

const filled = (value: unknown): boolean => typeof value === "string" && value.trim() !== "";

/**
 * Why a bubble would show nothing, or undefined when it has something to show. A `{{variable}}`
 * counts as text: what it holds is only known at run time.
 */
export function emptyBubbleReason(block: Block): string | undefined {
  switch (block.type) {
    case "text":
      return hasText(block.content?.richText) || filled(block.content?.html) || filled(block.content?.plainText)
        ? undefined
        : "This text bubble is empty";
    case "image":
      return filled(block.content?.url) ? undefined : "This image bubble has no image URL";
    case "video":
      return filled(block.content?.url) || filled(block.content?.id) ? undefined : "This video bubble has no video URL";
    case "audio":
      return filled(block.content?.url) ? undefined : "This audio bubble has no audio URL";
    case "embed":
      return filled(block.content?.url) ? undefined : "This embed bubble has no URL";
    default:
      return undefined;
  }
}
