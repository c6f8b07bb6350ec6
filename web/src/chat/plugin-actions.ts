import { safeRedirect, safeSrc } from "../lib/safe-url";
import type { Json } from "../lib/types";

/** What the plug-ins' client actions may ask of the chat. */
export type PluginHost = {
  /** A host row of the conversation for a third-party widget to draw into. */
  widgetRow(): HTMLElement;
  /** Opens `url` (already checked) in a new tab, or tells the visitor the popup was blocked. */
  openTab(url: string): void;
  log(description: string, details?: unknown): void;
};

/** Adds a third-party script once per page; resolves once it ran (or failed to load). */
function loadScript(src: string, id: string): Promise<boolean> {
  const existing = document.getElementById(id) as HTMLScriptElement | null;
  if (existing?.dataset.loaded === "true") return Promise.resolve(true);
  return new Promise((resolve) => {
    const script = existing ?? document.createElement("script");
    script.addEventListener("load", () => {
      script.dataset.loaded = "true";
      resolve(true);
    });
    script.addEventListener("error", () => resolve(false));
    if (existing) return;
    script.id = id;
    script.src = src;
    script.async = true;
    document.head.appendChild(script);
  });
}

type Callable = (...args: unknown[]) => void;
type CalGlobal = Callable & { q?: unknown[][]; ns?: Record<string, unknown>; loaded?: boolean };

/**
 * Cal.com's embed is driven through `window.Cal(command, options)`. Until its script has loaded, the
 * calls wait in `Cal.q`, which the script replays: the same contract as Cal.com's own snippet.
 */
function calCommand(baseUrl: string): Callable {
  const page = window as unknown as { Cal?: CalGlobal };
  if (!page.Cal) {
    const queued: CalGlobal = (...args) => void queued.q?.push(args);
    queued.q = [];
    queued.ns = {};
    queued.loaded = true;
    page.Cal = queued;
    const script = document.createElement("script");
    script.src = `${baseUrl}/embed/embed.js`;
    script.async = true;
    document.head.appendChild(script);
  }
  return (...args) => page.Cal?.(...args);
}

/** Shows the booking embed in the chat; resolves with the booked date once the visitor booked. */
export function bookWithCalCom(options: Json, host: PluginHost): Promise<string> | undefined {
  const baseUrl = safeSrc(String(options.baseUrl ?? ""))?.replace(/\/+$/, "");
  if (!baseUrl) {
    host.log("Cal.com: the base URL is not a web address", options.baseUrl);
    return undefined;
  }
  const cal = calCommand(baseUrl);
  const layout = String(options.layout ?? "month_view");
  cal("init", { origin: baseUrl });
  cal("inline", {
    elementOrSelector: host.widgetRow(),
    calLink: String(options.link ?? ""),
    layout,
    config: options.config ?? {},
  });
  cal("ui", { hideEventTypeDetails: false, layout });
  return new Promise((resolve) => {
    const booked = (event: { detail?: { data?: { date?: unknown } } }) => {
      cal("off", { action: "bookingSuccessful", callback: booked });
      resolve(String(event?.detail?.data?.date ?? ""));
    };
    cal("on", { action: "bookingSuccessful", callback: booked });
  });
}

/** Loads Zendesk's messaging widget, logs the visitor in with the server's signed token, and opens it. */
export async function openZendesk(options: Json, host: PluginHost): Promise<void> {
  const src = safeSrc(String(options.widgetUrl ?? ""));
  if (!src || !(await loadScript(src, "ze-snippet"))) {
    host.log("Zendesk: the messaging widget could not be loaded", options.widgetUrl);
    return;
  }
  const zE = (window as unknown as { zE?: Callable }).zE;
  if (typeof zE !== "function") {
    host.log("Zendesk: the widget script did not start the messenger");
    return;
  }
  const token = typeof options.userToken === "string" ? options.userToken : undefined;
  if (token) zE("messenger", "loginUser", (answer: (jwt: string) => void) => answer(token));
  zE("messenger", "open");
}

type BlinkBridges = {
  webkit?: { messageHandlers?: { openClientAction?: { postMessage(action: string): void } } };
  android?: { openClientAction?(action: string): void };
};

/** Inside Blink's apps the folder opens natively; anywhere else its link opens in a new tab. */
export function blinkRedirect(options: Json, host: PluginHost): void {
  const deepLink = typeof options.deepLink === "string" ? options.deepLink : undefined;
  const bridges = window as unknown as BlinkBridges;
  if (deepLink && bridges.webkit?.messageHandlers?.openClientAction) {
    bridges.webkit.messageHandlers.openClientAction.postMessage(deepLink);
    return;
  }
  if (deepLink && typeof bridges.android?.openClientAction === "function") {
    bridges.android.openClientAction(deepLink);
    return;
  }
  const url = safeRedirect(String(options.url ?? ""));
  if (url) host.openTab(url);
  else host.log("Blink Redirect refused: only http, https, mailto and tel links are followed", options.url);
}
