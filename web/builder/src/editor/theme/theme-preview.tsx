import { useEffect, useRef } from "react";
import type { PreviewTheme } from "../../../../src/preview/preview-messages";
import { parsePreviewReport } from "../../../../src/preview/preview-messages";
import type { Theme } from "../../lib/types";
import { PREVIEW_SANDBOX } from "../preview/preview-chat";

function postTheme(frame: HTMLIFrameElement, theme: Theme): void {
  const message: PreviewTheme = { parley: "preview-theme", theme: theme as Record<string, unknown> };
  // The frame's origin is opaque: "*" is the only target it answers to (the message goes to this frame's window).
  frame.contentWindow?.postMessage(message, "*");
}

/**
 * A still conversation drawn by the visitor's chat component with the theme being edited, inside the
 * sandboxed preview frame: the theme's font stylesheet and custom CSS are bot content, and load into
 * that frame's document, never into the builder's (which holds the member's session and keys).
 */
export function ThemePreview({ theme }: { theme: Theme }) {
  const host = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLIFrameElement | undefined>(undefined);
  const ready = useRef(false);
  const latest = useRef(theme);
  latest.current = theme;

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const iframe = document.createElement("iframe");
    iframe.setAttribute("sandbox", PREVIEW_SANDBOX);
    iframe.title = "Theme preview";
    iframe.style.cssText = "display:block;width:100%;height:100%;border:0";
    iframe.src = "/preview-frame";
    frame.current = iframe;
    ready.current = false;
    const listener = (event: MessageEvent) => {
      if (event.source !== iframe.contentWindow || parsePreviewReport(event.data)?.parley !== "preview-ready") return;
      ready.current = true;
      postTheme(iframe, latest.current);
    };
    window.addEventListener("message", listener);
    element.replaceChildren(iframe);
    return () => {
      window.removeEventListener("message", listener);
      element.replaceChildren();
      frame.current = undefined;
    };
  }, []);

  useEffect(() => {
    if (ready.current && frame.current) postTheme(frame.current, theme);
  }, [theme]);

  return <div className="theme-preview" ref={host} />;
}
