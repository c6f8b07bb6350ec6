/**
 * The preview runs the visitor's own chat component in a sandboxed frame (/preview-frame): an opaque
 * origin that never holds the builder's cookie, so the draft's client-side code cannot act as the
 * member. The frame gets the draft and a short-lived token scoped to previewing this one bot; it
 * reports each turn back. Messages both ways are checked against preview-messages.ts.
 */
import { parsePreviewReport, type PreviewStart, type PreviewTurn } from "../../../../src/preview/preview-messages";
import { api } from "../../lib/api";

/** Same flags as the chat page's frame (src/http/page-csp.ts BOT_SANDBOX). */
export const PREVIEW_SANDBOX =
  "allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation allow-downloads";

export type { PreviewTurn };

export type PreviewOptions = {
  botId: string;
  /** The draft as it is now (not as last saved). */
  bot: Record<string, unknown>;
  startFrom: { type: "group"; groupId: string } | undefined;
  onTurn(turn: PreviewTurn): void;
  onBubbleShown(id: string): void;
  onError(message: string): void;
  /** What the visitor sent, before the answer comes (Save as test records it). */
  onReply?(text: string): void;
};

/** Mounts a fresh preview frame in `host` and starts the draft in it; returns a function that removes it. */
export function mountPreviewChat(host: HTMLElement, options: PreviewOptions): () => void {
  const frame = document.createElement("iframe");
  frame.setAttribute("sandbox", PREVIEW_SANDBOX);
  frame.title = "Preview";
  frame.style.cssText = "display:block;width:100%;height:100%;border:0";
  frame.src = "/preview-frame";
  let stopped = false;
  let started = false;
  const listener = async (event: MessageEvent) => {
    if (stopped || event.source !== frame.contentWindow) return;
    const report = parsePreviewReport(event.data);
    if (!report) return;
    if (report.parley === "preview-bubble") return options.onBubbleShown(report.id);
    if (report.parley === "preview-turn") return options.onTurn(report.turn);
    if (report.parley === "preview-reply") return options.onReply?.(report.text);
    // Ready: one start per frame; a restart mounts a new frame.
    if (started) return;
    started = true;
    try {
      const { token } = await api.call("createPreviewToken", { params: { botId: options.botId } });
      if (stopped) return;
      const start: PreviewStart = {
        parley: "preview-start",
        botId: options.botId,
        bot: options.bot,
        token,
        ...(options.startFrom ? { startFrom: options.startFrom } : {}),
      };
      // The frame's origin is opaque: "*" is the only target it answers to (the message goes to this frame's window).
      frame.contentWindow?.postMessage(start, "*");
    } catch (error) {
      if (!stopped) options.onError(error instanceof Error ? error.message : String(error));
    }
  };
  window.addEventListener("message", listener);
  host.replaceChildren(frame);
  return () => {
    stopped = true;
    window.removeEventListener("message", listener);
    host.replaceChildren();
  };
}
