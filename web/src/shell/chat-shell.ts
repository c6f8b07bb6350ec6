import { MAX_MEMORY_CHARS, parseRelayRequest, type RelayAnswer } from "../chat/shell-relay";
import { safeRedirect } from "../lib/safe-url";

/**
 * chat-shell.js: the chat page's own script, on Parley's origin. It runs no bot code and renders no
 * bot content; it answers the sandboxed chat frame's few requests (see shell-relay.ts).
 */
// Loaded in the head without `defer`: the listener is there before the frame can ask anything.
const frame = () => document.querySelector<HTMLIFrameElement>("iframe.chat-frame");
const key = () => `parley:${frame()?.dataset.bot}`;

window.addEventListener("message", (event) => {
  const chatFrame = frame();
  if (!chatFrame?.dataset.bot || event.source !== chatFrame.contentWindow) return;
  const request = parseRelayRequest(event.data);
  if (!request) return;
  switch (request.parley) {
    case "memory-load": {
      const answer: RelayAnswer = { parley: "memory", value: read() };
      return chatFrame.contentWindow?.postMessage(answer, "*");
    }
    case "memory-save":
      return write(request.where, request.value);
    case "memory-forget":
      return forget();
    case "navigate": {
      const url = safeRedirect(request.url);
      if (url) window.location.href = url;
      return;
    }
  }
});

document.addEventListener("DOMContentLoaded", () => {
  const chatFrame = frame();
  if (!chatFrame) return;
  if (chatFrame.dataset.hideQuery !== undefined && location.search)
    history.replaceState(history.state, "", location.pathname + location.hash);
  // Typing goes straight into the chat, as on a page of its own.
  chatFrame.focus();
  chatFrame.addEventListener("load", () => chatFrame.focus());
});

function storages(): Storage[] {
  const found: Storage[] = [];
  for (const name of ["sessionStorage", "localStorage"] as const) {
    try {
      found.push(window[name]);
    } catch {
      // Storage is off (privacy mode): the chat simply forgets.
    }
  }
  return found;
}

function read(): string | null {
  for (const storage of storages()) {
    try {
      const value = storage.getItem(key());
      if (value && value.length <= MAX_MEMORY_CHARS) return value;
    } catch {
      // Unreadable storage is as good as none.
    }
  }
  return null;
}

function write(where: "session" | "local", value: string): void {
  try {
    (where === "local" ? window.localStorage : window.sessionStorage).setItem(key(), value);
  } catch {
    // Full or unavailable storage: the chat still works, it only forgets.
  }
}

function forget(): void {
  for (const storage of storages()) {
    try {
      storage.removeItem(key());
    } catch {
      // Nothing to forget.
    }
  }
}
