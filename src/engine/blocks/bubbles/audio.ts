import type { BubbleExecutor } from "../executor.js";
import { templatedContentBubble } from "./media.js";

export const audioExecutor: BubbleExecutor<"audio"> = {
  kind: "bubble",
  toBubble: (block, ctx) => templatedContentBubble(block, "audio", ctx),
};
