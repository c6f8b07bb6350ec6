import type { Memory, MemoryStore } from "../lib/memory";

/**
 * What the chat page's sandboxed frame may ask of its shell, and nothing more: this bot's remembered
 * conversation (the shell picks the storage key from its own address, never from the message) and a
 * top-level navigation for a Redirect block. Every message is checked field by field on arrival.
 */
export type RelayRequest =
  | { parley: "memory-load" }
  | { parley: "memory-save"; where: "session" | "local"; value: string }
  | { parley: "memory-forget" }
  | { parley: "navigate"; url: string };
export type RelayAnswer = { parley: "memory"; value: string | null };

/** A remembered conversation keeps at most 200 rows; anything larger than this is no memory of ours. */
export const MAX_MEMORY_CHARS = 2_000_000;
const MAX_URL_CHARS = 8_192;

const only = (data: Record<string, unknown>, keys: string[]) => Object.keys(data).every((key) => keys.includes(key));

export function parseRelayRequest(data: unknown): RelayRequest | undefined {
  if (!data || typeof data !== "object" || Array.isArray(data)) return undefined;
  const message = data as Record<string, unknown>;
  switch (message.parley) {
    case "memory-load":
    case "memory-forget":
      return only(message, ["parley"]) ? { parley: message.parley } : undefined;
    case "memory-save":
      return only(message, ["parley", "where", "value"]) &&
        (message.where === "session" || message.where === "local") &&
        typeof message.value === "string" &&
        message.value.length <= MAX_MEMORY_CHARS
        ? { parley: "memory-save", where: message.where, value: message.value }
        : undefined;
    case "navigate":
      return only(message, ["parley", "url"]) && typeof message.url === "string" && message.url.length <= MAX_URL_CHARS
        ? { parley: "navigate", url: message.url }
        : undefined;
    default:
      return undefined;
  }
}

function parseRelayAnswer(data: unknown): RelayAnswer | undefined {
  if (!data || typeof data !== "object") return undefined;
  const message = data as Record<string, unknown>;
  if (message.parley !== "memory" || !only(message, ["parley", "value"])) return undefined;
  return typeof message.value === "string" || message.value === null
    ? { parley: "memory", value: message.value }
    : undefined;
}

const inFrame = () => window.parent !== window;
const toShell = (message: RelayRequest) => window.parent.postMessage(message, "*");
/** Opened directly (no shell), or a shell that never answers: the chat starts without memory. */
const LOAD_TIMEOUT_MS = 2_000;

/** The frame's side: memory kept by the shell, on Parley's origin. */
export const shellMemory: MemoryStore = {
  load: () =>
    new Promise<Memory | undefined>((resolve) => {
      if (!inFrame()) return resolve(undefined);
      const done = (memory: Memory | undefined) => {
        window.removeEventListener("message", listener);
        clearTimeout(timer);
        resolve(memory);
      };
      const listener = (event: MessageEvent) => {
        if (event.source !== window.parent) return;
        const answer = parseRelayAnswer(event.data);
        if (!answer) return;
        try {
          done(answer.value ? (JSON.parse(answer.value) as Memory) : undefined);
        } catch {
          done(undefined);
        }
      };
      const timer = setTimeout(() => done(undefined), LOAD_TIMEOUT_MS);
      window.addEventListener("message", listener);
      toShell({ parley: "memory-load" });
    }),
  save: (where, memory) => {
    if (!inFrame()) return;
    const value = JSON.stringify(memory);
    if (value.length <= MAX_MEMORY_CHARS) toShell({ parley: "memory-save", where, value });
  },
  forget: () => inFrame() && toShell({ parley: "memory-forget" }),
};

/** A Redirect block leaves the whole page, which only the shell may navigate. */
export function navigateShell(url: string): void {
  if (inFrame()) toShell({ parley: "navigate", url });
  else window.location.href = url;
}
