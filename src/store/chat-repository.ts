import type { Insertable } from "kysely";
import type {
  AnswersTable,
  BotRow,
  Flag,
  LogsTable,
  OutboxTable,
  ResultsTable,
  SessionRow,
  SessionsTable,
} from "./database.js";
import type { HandoffsTable } from "./handoff-tables.js";

export type SessionWrite =
  | { kind: "insert"; row: Insertable<SessionsTable> & { isStaging: Flag } }
  /** Applies only when the stored revision is still `expectedRevision`; without `expiresAt` the stored expiry stands. */
  | { kind: "update"; id: string; expectedRevision: number; state: string; updatedAt: string; expiresAt?: string }
  | { kind: "delete"; id: string; expectedRevision: number }
  | { kind: "none" };

/** A result row as a turn leaves it; a stored isCompleted is only ever raised, never reset. */
export type ResultWrite = Insertable<ResultsTable> & { isStaging: Flag };

export type TurnWrite = {
  session: SessionWrite;
  /** The session's result, and the results of linked bots that keep their own (Bot link without mergeResults). */
  results: ResultWrite[];
  answers: Insertable<AnswersTable>[];
  logs: Insertable<LogsTable>[];
  /** Work to do once this turn is committed (its e-mails): written with it, or not at all. */
  outbox?: Insertable<OutboxTable>[];
  /** The Inbox entry of a hand-off the turn reached: saved with the turn, so a failed turn leaves none. */
  handoffs?: Insertable<HandoffsTable>[];
};

export class SessionConflictError extends Error {}

/** A published bot as a visitor's start finds it by its public id (not archived). */
export type LiveBotRow = Pick<BotRow, "id" | "name" | "workspaceId" | "publishedVersionId" | "isClosed">;

/**
 * The statements of a chat turn: read the session (or, to start, the bot by its public id), then
 * write everything the turn changed atomically, the session first, so that a lost race writes
 * nothing. They skip Kysely: they run on every visitor message, where building and compiling queries
 * showed up as a tenth of the profile.
 */
export type ChatRepository = {
  findSession(id: string): Promise<SessionRow | undefined>;
  findLiveBot(publicId: string): Promise<LiveBotRow | undefined>;
  /** Rejects with SessionConflictError when the session moved on (or went) since it was read. */
  writeTurn(write: TurnWrite): Promise<void>;
};

/** The columns a turn writes, in one order for both engines' statements. */
export const sessionColumns = [
  "id",
  "botId",
  "botVersionId",
  "previewDocument",
  "previewUserId",
  "resultId",
  "state",
  "revision",
  "createdAt",
  "updatedAt",
  "expiresAt",
  "isStaging",
] as const;
export const resultColumns = [
  "id",
  "botId",
  "botVersionId",
  "variables",
  "isCompleted",
  "hasStarted",
  "isArchived",
  "lastChatSessionId",
  "lastInputBlockId",
  "createdAt",
  "updatedAt",
  "isStaging",
] as const;
export const answerColumns = [
  "id",
  "resultId",
  "blockId",
  "groupId",
  "position",
  "content",
  "attachedFileUrls",
  "createdAt",
] as const;
export const outboxColumns = [
  "id",
  "kind",
  "payload",
  "resultId",
  "targetId",
  "status",
  "attempts",
  "dueAt",
  "createdAt",
] as const;
export const handoffColumns = [
  "id",
  "sessionId",
  "resultId",
  "workspaceId",
  "botId",
  "channel",
  "blockId",
  "teamNote",
  "displayOperatorName",
  "status",
  "operatorUserId",
  "operatorName",
  "requestedAt",
  "takenAt",
  "firstReplyAt",
  "endedAt",
  "timeoutAt",
  "dueAt",
] as const;
export const logColumns = ["id", "resultId", "status", "description", "details", "context", "createdAt"] as const;

export const quoted = (columns: readonly string[]) => columns.map((column) => `"${column}"`).join(", ");

/** A row's values in column order, absent optional columns as null. */
export function valuesOf<Row extends object>(row: Row, columns: readonly string[]): unknown[] {
  return columns.map((column) => (row as Record<string, unknown>)[column] ?? null);
}
