import type { ChatRepository } from "../chat-repository.js";
import type { Store } from "../connect.js";
import { PostgresChatRepository } from "./postgres-chat-repository.js";

export function createChatRepository(store: Store): ChatRepository {
  return store.native.dialect === "sqlite" ? store.native.chat() : new PostgresChatRepository(store.native.pool);
}
