import type { LiveBotRow, TurnWrite } from "../chat-repository.js";
import type { SessionRow } from "../database.js";
import type { SqliteSettings } from "../sqlite-connection.js";

// Messages between SqliteChatRepository (the server's thread) and its chat thread. Requests carry ids.

/** The database file, and the settings the server's own connection has. */
export type ChatThreadData = { file: string } & SqliteSettings;

export type ToChatThread =
  | { type: "find"; id: number; sessionIds: string[]; publicIds: string[] }
  | { type: "write"; id: number; writes: TurnWrite[] }
  | { type: "close" };

export type FromChatThread =
  | { type: "found"; id: number; sessions: (SessionRow | undefined)[]; liveBots: (LiveBotRow | undefined)[] }
  | { type: "written"; id: number; outcomes: TurnOutcome[] }
  /** The request failed as a whole (the transaction could not even start): nothing was written. */
  | ({ type: "failed"; id: number } & StoredFailure);

/** How one turn of a batch went: written, lost its race, or failed (undone alone). */
export type TurnOutcome =
  | { ok: true }
  | { ok: false; conflict: true }
  | ({ ok: false; conflict: false } & StoredFailure);

/** An error as it can cross to the other thread: its message and SQLite's code. */
export type StoredFailure = { message: string; code?: string };

export function storedFailure(error: unknown): StoredFailure {
  const { message, code } = error as { message?: unknown; code?: unknown };
  return { message: String(message ?? error), ...(typeof code === "string" ? { code } : {}) };
}
