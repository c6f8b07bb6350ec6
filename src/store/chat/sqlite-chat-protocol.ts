import type { TurnWrite } from "../chat-repository.js";
import type { SessionRow } from "../database.js";
import type { TurnOutcome } from "./sqlite-chat-statements.js";

/** Messages between SqliteChatRepository (the server's thread) and its chat thread. Requests carry ids. */
export type ChatThreadData = { file: string; synchronous: "NORMAL" | "FULL" };

export type ToChatThread =
  | { type: "find"; id: number; sessionId: string }
  | { type: "write"; id: number; writes: TurnWrite[] }
  | { type: "close" };

export type FromChatThread =
  | { type: "found"; id: number; row: SessionRow | undefined }
  | { type: "written"; id: number; outcomes: TurnOutcome[] }
  /** The request failed as a whole (the transaction could not even start): nothing was written. */
  | { type: "failed"; id: number; message: string; code?: string };
