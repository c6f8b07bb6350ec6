import type { ChatBubble, ChatInput, Json } from "./types";

/** What "remember the visitor" keeps between page loads: the result, and the conversation so far. */
export type HistoryItem =
  | { kind: "host"; bubble: ChatBubble }
  | { kind: "guest"; text: string; files?: { name: string; url: string }[] };
export type Memory = {
  resultId?: string;
  sessionId?: string;
  items: HistoryItem[];
  input?: ChatInput;
  ended?: boolean;
  theme?: Json;
  settings?: Json;
};

const key = (publicId: string) => `parley:${publicId}`;
const MAX_ITEMS = 200;

function storages(): Storage[] {
  const found: Storage[] = [];
  for (const name of ["sessionStorage", "localStorage"] as const) {
    try {
      const storage = window[name];
      if (storage) found.push(storage);
    } catch {
      // Storage is off (privacy mode, sandboxed frame): the chat simply forgets.
    }
  }
  return found;
}

export function rememberSetting(settings: Json | undefined): "session" | "local" | undefined {
  const general = settings?.general ?? {};
  const enabled = general.rememberUser?.isEnabled ?? general.isNewResultOnRefreshEnabled === false;
  if (!enabled) return undefined;
  return general.rememberUser?.storage === "local" ? "local" : "session";
}

export function loadMemory(publicId: string): Memory | undefined {
  for (const storage of storages()) {
    try {
      const raw = storage.getItem(key(publicId));
      if (raw) return JSON.parse(raw) as Memory;
    } catch {
      // A damaged entry is as good as none.
    }
  }
  return undefined;
}

export function saveMemory(publicId: string, where: "session" | "local", memory: Memory): void {
  try {
    const target = where === "local" ? window.localStorage : window.sessionStorage;
    const trimmed = { ...memory, items: memory.items.slice(-MAX_ITEMS) };
    target.setItem(key(publicId), JSON.stringify(trimmed));
  } catch {
    // Full or unavailable storage: the chat still works, it only forgets.
  }
}

export function forgetMemory(publicId: string): void {
  for (const storage of storages()) {
    try {
      storage.removeItem(key(publicId));
    } catch {
      // Nothing to forget.
    }
  }
}

/** Where a chat keeps its memory: this window's storage, the chat page's shell (a sandboxed frame has none), or nowhere. */
export type MemoryStore = {
  load(): Promise<Memory | undefined>;
  save(where: "session" | "local", memory: Memory): void;
  forget(): void;
};

export const windowMemory = (publicId: string): MemoryStore => ({
  load: async () => loadMemory(publicId),
  save: (where, memory) => saveMemory(publicId, where, memory),
  forget: () => forgetMemory(publicId),
});

export const noMemory: MemoryStore = { load: async () => undefined, save: () => undefined, forget: () => undefined };
