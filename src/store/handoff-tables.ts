/** The hand-offs' tables (migration 0027); see database.ts for the conventions. */

export const handoffStatuses = ["waiting", "taken", "handed_back", "closed", "timed_out"] as const;
export type HandoffStatus = (typeof handoffStatuses)[number];

/** A chat handed to a person (migration 0027): see the migration for the lifecycle. */
export interface HandoffsTable {
  id: string;
  sessionId: string;
  resultId: string | null;
  workspaceId: string;
  botId: string;
  /** "web", "whatsapp", "telegram" or "preview". */
  channel: string;
  blockId: string;
  teamNote: string | null;
  /** 1: the visitor is told the operator's name. */
  displayOperatorName: number;
  status: HandoffStatus;
  operatorUserId: string | null;
  operatorName: string | null;
  requestedAt: string;
  takenAt: string | null;
  firstReplyAt: string | null;
  endedAt: string | null;
  /** The no-operator deadline; null: the chat waits as long as it lives. */
  timeoutAt: string | null;
  /** When a server may claim the timeout next; null once nothing is left to fire. */
  dueAt: string | null;
}

export const inboxAuthors = ["visitor", "operator", "note"] as const;
export type InboxAuthor = (typeof inboxAuthors)[number];

export interface InboxMessagesTable {
  id: string;
  handoffId: string;
  author: InboxAuthor;
  authorName: string | null;
  userId: string | null;
  text: string | null;
  fileUrl: string | null;
  createdAt: string;
}
