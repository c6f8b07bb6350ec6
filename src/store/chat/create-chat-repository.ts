import type { ChatRepository } from "../chat-repository.js";
import type { Store } from "../connect.js";
import { PostgresChatRepository } from "./postgres-chat-repository.js";
import { SqliteChatRepository } from "./sqlite-chat-repository.js";

export function createChatRepository(store: Store): ChatRepository {
  return store.native.dialect === "sqlite" ? new SqliteChatRepository(store.native.database) : new PostgresChatRepository(store.native.pool);
}
