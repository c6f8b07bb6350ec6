import type { ChatBubble } from "../../../schemas/chat.js";
import { deepSubstitute } from "../../variables/substitute.js";
import type { ExecutionContext } from "../executor.js";

/** Image, audio and embed bubbles: the block content with every string templated. */
export function templatedContentBubble(
  block: { id: string; content?: Record<string, unknown> },
  type: ChatBubble["type"],
  ctx: ExecutionContext,
): ChatBubble | undefined {
  if (!block.content) return undefined;
  return { id: block.id, type, content: deepSubstitute(block.content, ctx.state.variables) };
}
