import type { ParleyElement } from "./parley-element";

/** Every chat on the page, so that a command addressed by id reaches that chat and no other. */
const chats = new Map<string, ParleyElement>();
let anonymous = 0;

export function register(id: string | undefined, element: ParleyElement): string {
  const key = id ?? `parley-${++anonymous}`;
  chats.set(key, element);
  return key;
}

export function unregister(id: string | undefined, element: ParleyElement): void {
  if (id && chats.get(id) === element) chats.delete(id);
}

/** The chat with this id; without an id, every chat on the page. */
export function targets(id: string | undefined): ParleyElement[] {
  if (id === undefined) return [...chats.values()];
  const found = chats.get(id);
  return found ? [found] : [];
}
