/** How a site owner configures one chat, by init call or by attributes. */
export type EmbedConfig = {
  bot: string;
  apiHost?: string;
  prefilledVariables?: Record<string, unknown>;
  id?: string;
  /** Popup: opens by itself after this many milliseconds. */
  autoShowDelay?: number;
  /** Bubble: a message shown beside the launcher after its own delay. */
  previewMessage?: { message: string; avatarUrl?: string; autoShowDelay?: number };
  theme?: { button?: { backgroundColor?: string; iconColor?: string } };
};

/** Where embed.js was loaded from: the chat API lives on the same server unless told otherwise. */
const scriptOrigin = (() => {
  try {
    const src = (document.currentScript as HTMLScriptElement | null)?.src;
    return src ? new URL(src).origin : location.origin;
  } catch {
    return location.origin;
  }
})();

export const defaultApiHost = () => scriptOrigin;

function parseJson(value: string | null): Record<string, unknown> | undefined {
  if (!value) return undefined;
  try {
    const parsed = JSON.parse(value);
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

export function configFromAttributes(element: HTMLElement): EmbedConfig {
  const delay = element.getAttribute("auto-show-delay");
  const preview = element.getAttribute("preview-message");
  const buttonColor = element.getAttribute("button-color");
  return {
    bot: element.getAttribute("bot") ?? "",
    apiHost: element.getAttribute("api-host") || undefined,
    prefilledVariables: parseJson(element.getAttribute("prefilled-variables")),
    id: element.getAttribute("parley-id") || element.id || undefined,
    autoShowDelay: delay !== null && delay !== "" ? Number(delay) : undefined,
    previewMessage: preview
      ? {
          message: preview,
          avatarUrl: element.getAttribute("preview-avatar") ?? undefined,
          autoShowDelay: Number(element.getAttribute("preview-delay") ?? 0),
        }
      : undefined,
    theme: buttonColor ? { button: { backgroundColor: buttonColor } } : undefined,
  };
}
