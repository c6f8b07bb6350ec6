import { runScript, stringifyResult } from "../lib/run-code";
import { safeRedirect } from "../lib/safe-url";
import { sleep } from "../lib/dom";
import type { ClientAction, Json, OutgoingMessage } from "../lib/types";
import { blinkRedirect, bookWithCalCom, openZendesk, type PluginHost } from "./plugin-actions";

/** What actions may ask of the chat they run in. */
export type ActionHost = {
  streamUrl(): string | undefined;
  settings(): Json;
  /** Leaves the page for `url` (already checked to be a web, mail or phone link). */
  navigate(url: string): void;
  /** A host bubble whose text grows as it streams in. */
  streamingBubble(): { append(text: string): void; finish(): void };
  popupBlocked(url: string): void;
  log(description: string, details?: unknown): void;
  /** A host row of the conversation for a third-party widget (Cal.com's booking page) to draw into. */
  widgetRow(): HTMLElement;
};

/** `undefined`: nothing to send; `null`: go on without a message; otherwise the message to send. */
export type ActionReply = OutgoingMessage | null | undefined;

const text = (value: string | undefined): OutgoingMessage | null =>
  value === undefined ? null : { type: "text", text: value };

function redirect(action: ClientAction, host: ActionHost): void {
  const url = safeRedirect(String(action.redirect?.url ?? ""));
  if (!url) {
    host.log("Redirect refused: only http, https, mailto and tel links are followed", action.redirect?.url);
    return;
  }
  if (!action.redirect?.isNewTab) {
    host.navigate(url);
    return;
  }
  openTab(url, host);
}

function openTab(url: string, host: ActionHost): void {
  const opened = window.open(url, "_blank");
  if (!opened) {
    host.popupBlocked(url);
    return;
  }
  try {
    opened.opener = null;
  } catch {
    // A tab already on another origin (as from the chat page's opaque frame) cannot be reached anyway.
  }
}

const pluginHost = (host: ActionHost): PluginHost => ({
  widgetRow: () => host.widgetRow(),
  openTab: (url) => openTab(url, host),
  log: (description, details) => host.log(description, details),
});

async function script(content: Json | undefined, host: ActionHost): Promise<unknown> {
  try {
    return await runScript(content ?? {});
  } catch (error) {
    host.log("Script failed in the browser", error instanceof Error ? error.message : String(error));
    return undefined;
  }
}

async function httpRequest(request: Json, host: ActionHost): Promise<string> {
  try {
    const response = await fetch(String(request.url), {
      method: request.method ?? "POST",
      headers: request.headers ?? {},
      body:
        request.body === undefined || request.method === "GET"
          ? undefined
          : typeof request.body === "string"
            ? request.body
            : JSON.stringify(request.body),
    });
    const raw = await response.text();
    let data: unknown = raw;
    try {
      data = JSON.parse(raw);
    } catch {
      // Not JSON: the text itself is the data.
    }
    return JSON.stringify({ statusCode: response.status, data });
  } catch (error) {
    host.log("HTTP request from the browser failed", error instanceof Error ? error.message : String(error));
    return JSON.stringify({ statusCode: 500, data: "The request could not be sent from the browser" });
  }
}

async function stream(body: Json, host: ActionHost): Promise<string | undefined> {
  const url = host.streamUrl();
  if (!url) return undefined;
  const bubble = host.streamingBubble();
  let full = "";
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    if (!response.ok || !response.body) throw new Error(`Streaming answered ${response.status}`);
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const chunk = decoder.decode(value, { stream: true });
      full += chunk;
      bubble.append(chunk);
    }
  } catch (error) {
    host.log("Streaming the answer failed", error instanceof Error ? error.message : String(error));
  } finally {
    bubble.finish();
  }
  return full;
}

export async function runAction(action: ClientAction, host: ActionHost): Promise<ActionReply> {
  const dedicated = Boolean(action.expectsDedicatedReply);
  switch (action.type) {
    case "redirect":
      redirect(action, host);
      return undefined;
    case "wait":
      await sleep(Math.max(0, Number(action.wait?.secondsToWaitFor) || 0) * 1000);
      return dedicated ? null : undefined;
    case "scriptToExecute":
      await script(action.scriptToExecute, host);
      return dedicated ? null : undefined;
    case "codeToExecute":
      await script(action.codeToExecute, host);
      return undefined;
    case "chatwoot":
      await script(action.chatwoot?.scriptToExecute, host);
      return undefined;
    case "setVariable":
      return text(stringifyResult(await script(action.setVariable?.scriptToExecute, host)) ?? "");
    case "httpRequestToExecute":
      return text(await httpRequest(action.httpRequestToExecute ?? {}, host));
    case "stream":
      return text(await stream({}, host));
    case "streamOpenAiChatCompletion":
      return text(await stream({ messages: action.streamOpenAiChatCompletion?.messages ?? [] }, host));
    case "calCom": {
      // The flow waits for the booking: the booked date is the reply.
      const booked = bookWithCalCom(action.calCom ?? {}, pluginHost(host));
      return booked ? text(await booked) : null;
    }
    case "zendesk":
      // The widget opens beside the chat, which goes on without waiting for it.
      void openZendesk(action.zendesk ?? {}, pluginHost(host));
      return undefined;
    case "blinkRedirect":
      blinkRedirect(action.blinkRedirect ?? {}, pluginHost(host));
      return undefined;
    default:
      // Analytics, pixels and head code belong to the host page's own consent choices: not run here.
      return dedicated ? null : undefined;
  }
}
