/**
 * What a command from the page can do to a chat. ParleyElement has this shape; it is named here rather
 * than imported, since ParleyElement itself imports this registry.
 */
export type AddressableChat = {
  open(): void;
  close(): void;
  toggle(): void;
  reset(): void;
  setPrefilledVariables(variables: Record<string, unknown>): void;
};

/** Every chat on the page, so that a command addressed by id reaches that chat and no other. */
const chats = new Map<string, AddressableChat>();
let anonymous = 0;

export function register(id: string | undefined, element: AddressableChat): string {
  const key = id ?? `parley-${++anonymous}`;
  chats.set(key, element);
  return key;
}

export function unregister(id: string | undefined, element: AddressableChat): void {
  if (id && chats.get(id) === element) chats.delete(id);
}

/** The chat with this id; without an id, every chat on the page. */
export function targets(id: string | undefined): AddressableChat[] {
  if (id === undefined) return [...chats.values()];
  const found = chats.get(id);
  return found ? [found] : [];
}
