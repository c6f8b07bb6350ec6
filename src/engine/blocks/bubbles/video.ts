import { classifyVideoUrl } from "../../media/video-url.js";
import type { BubbleExecutor } from "../executor.js";
import { templatedContentBubble } from "./media.js";

export const videoExecutor: BubbleExecutor<"video"> = {
  kind: "bubble",
  toBubble(block, ctx) {
    const bubble = templatedContentBubble(block, "video", ctx);
    const url = bubble?.content.url;
    if (!bubble || typeof url !== "string" || url === "") return bubble;
    const classified = classifyVideoUrl(url);
    return { ...bubble, content: { ...bubble.content, ...classified } };
  },
};
