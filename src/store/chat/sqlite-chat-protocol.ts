import type { TurnWrite } from "../chat-repository.js";
import type { SessionRow } from "../database.js";
import type { TurnOutcome } from "./sqlite-chat-statements.js";

/** Messages between SqliteChatRepository (the server's thread) and its chat thread. Requests carry ids. */
/** The connection's settings, as the server's own connection has them. */
export type ChatThreadData = { file: string; synchronous: "NORMAL" | "FULL"; walAutocheckpoint: number };

export type ToChatThread =
  | { type: "find"; id: number; sessionId: string }
  | { type: "write"; id: number; writes: TurnWrite[] }
  | { type: "close" };

export type FromChatThread =
  | { type: "found"; id: number; row: SessionRow | undefined }
  | { type: "written"; id: number; outcomes: TurnOutcome[] }
  /** The request failed as a whole (the transaction could not even start): nothing was written. */
  | { type: "failed"; id: number; message: string; code?: string };
