import type { BubbleExecutor } from "../executor.js";
import { templatedContentBubble } from "./media.js";

export const imageExecutor: BubbleExecutor<"image"> = {
  kind: "bubble",
  toBubble: (block, ctx) => templatedContentBubble(block, "image", ctx),
};
