import type { BubbleExecutor } from "../executor.js";
import { templatedContentBubble } from "./media.js";

export const embedExecutor: BubbleExecutor<"embed"> = {
  kind: "bubble",
  toBubble: (block, ctx) => templatedContentBubble(block, "embed", ctx),
  waitsForEvent: (block) => Boolean(block.content?.waitForEvent?.isEnabled),
};
