import type { ColumnType, Kysely, Selectable } from "kysely";
import type {
  KnowledgeBasesTable,
  KnowledgeChunksTable,
  KnowledgeChunkVectorsTable,
  KnowledgeDocumentsTable,
} from "./knowledge-tables.js";
import type { HandoffsTable, InboxMessagesTable } from "./handoff-tables.js";

/**
 * Table shapes shared by both engines. Booleans are stored as 0/1 integers and JSON as text on both
 * SQLite and PostgreSQL, so one set of queries and migrations serves both; timestamps are ISO 8601 UTC
 * strings, which sort correctly as text.
 */
export type Flag = 0 | 1;

export interface UsersTable {
  id: string;
  email: string;
  name: string | null;
  passwordHash: string | null;
  createdAt: string;
}

export interface ApiTokensTable {
  id: string;
  userId: string;
  name: string;
  tokenHash: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** A signed-in browser: the cookie value is only stored as its SHA-256 hash. */
export interface BrowserSessionsTable {
  id: string;
  userId: string;
  tokenHash: string;
  /** Echoed by the builder in `x-csrf-token` on every cookie-authenticated write. */
  csrfToken: string;
  createdAt: string;
  expiresAt: string;
}

/** One-time links to set a password (first start, `parley user setup-link`). */
export interface PasswordSetupTokensTable {
  id: string;
  userId: string;
  tokenHash: string;
  createdAt: string;
  expiresAt: string;
  usedAt: string | null;
}

export interface WorkspacesTable {
  id: string;
  name: string;
  icon: string | null;
  plan: string;
  paymentId: string | null;
  isSuspended: Flag;
  isPastDue: Flag;
  isVerified: Flag;
  createdAt: string;
  updatedAt: string;
}

export interface MembersTable {
  workspaceId: string;
  userId: string;
  role: "ADMIN" | "MEMBER" | "GUEST";
  createdAt: string;
}

/** An invitation to a workspace, pending until the invited user sets a password (migration 0011). */
export interface WorkspaceInvitationsTable {
  workspaceId: string;
  userId: string;
  role: MembersTable["role"];
  createdAt: string;
  expiresAt: string;
  /** The hash of the link mailed to the invited address (migration 0019); null: made before, needs inviting again. */
  tokenHash: string | null;
  /** The hash of the copy of the link shown to the inviting admin; null when they may not see one. */
  shownTokenHash: string | null;
}

/** A folder of bots in a workspace; `parentFolderId` null: at the top (migration 0011). */
export interface FoldersTable {
  id: string;
  workspaceId: string;
  parentFolderId: string | null;
  name: string;
  createdAt: string;
  updatedAt: string;
}

/** A theme a workspace saved as a template; `theme` is its JSON (migration 0014). */
export interface ThemeTemplatesTable {
  id: string;
  workspaceId: string;
  name: string;
  theme: string;
  createdAt: string;
  updatedAt: string;
}

export interface BotsTable {
  id: string;
  workspaceId: string;
  folderId: string | null;
  name: string;
  icon: string | null;
  version: string;
  /** JSON of { groups, events, edges, variables, theme, settings } */
  document: string;
  selectedThemeTemplateId: string | null;
  publicId: string | null;
  customDomain: string | null;
  /** The token the custom domain must serve at /.well-known/parley-challenge/<token> (migration 0022). */
  customDomainToken: string | null;
  /** When the custom domain answered its challenge; null: not proven, not served (unless the operator allows it). */
  customDomainVerifiedAt: string | null;
  resultsTablePreferences: string | null;
  isArchived: Flag;
  isClosed: Flag;
  chatAppCredentialsId: string | null;
  riskLevel: number | null;
  /** The version public chats start on; null when unpublished. */
  publishedVersionId: string | null;
  /** The private public id staging answers on; null: no staging (migration 0028). */
  stagingPublicId: string | null;
  /** The version staging serves; null while it serves the draft (or there is no staging). */
  stagingVersionId: string | null;
  createdAt: string;
  updatedAt: string;
}

/** Immutable published versions: a session keeps running the version it started on. */
export interface BotVersionsTable {
  id: string;
  botId: string;
  version: string;
  document: string;
  createdAt: string;
  /** 1, 2, 3… per bot in publish order (migration 0025); null on a staging copy of the draft. */
  number: number | null;
  /** The user who published it; null for versions made before migration 0025. */
  publishedBy: string | null;
  note: string | null;
  /** JSON of the publish check's findings when it was published; null for versions made before 0025. */
  findings: string | null;
  /** On a frozen copy of the draft a staging chat runs on: the draft's updatedAt then (migration 0028). */
  draftSavedAt: string | null;
}

export interface SessionsTable {
  id: string;
  botId: string | null;
  botVersionId: string | null;
  /** Preview sessions run a document that may exist nowhere else. */
  previewDocument: string | null;
  /** The builder user who started this preview (migration 0022); null for anonymous previews and live chats. */
  previewUserId: string | null;
  resultId: string | null;
  state: string;
  /** Optimistic concurrency: every write checks and bumps it. */
  revision: number;
  createdAt: string;
  updatedAt: string;
  expiresAt: string | null;
  /** Started on the bot's staging id (migration 0028); the column defaults to 0. */
  isStaging: ColumnType<Flag, Flag | undefined, Flag>;
}

export interface ResultsTable {
  id: string;
  botId: string;
  botVersionId: string | null;
  variables: string;
  isCompleted: Flag;
  hasStarted: Flag;
  isArchived: Flag;
  lastChatSessionId: string | null;
  /** The input block a started, unfinished result waits on (analytics drop-offs); null otherwise. */
  lastInputBlockId: string | null;
  /** A chat on the bot's staging id: left out of the results table and analytics unless asked (migration 0028). */
  isStaging: ColumnType<Flag, Flag | undefined, Flag>;
  createdAt: string;
  updatedAt: string;
}

export interface AnswersTable {
  id: string;
  resultId: string;
  blockId: string;
  groupId: string | null;
  position: number;
  content: string;
  attachedFileUrls: string | null;
  createdAt: string;
}

export interface LogsTable {
  id: string;
  resultId: string;
  status: string;
  description: string;
  details: string | null;
  context: string | null;
  createdAt: string;
}

export interface CredentialsTable {
  id: string;
  workspaceId: string;
  type: string;
  name: string;
  /** AES-256-GCM ciphertext of the secret JSON */
  data: string;
  createdAt: string;
}

export interface PreviewTokensTable {
  id: string;
  userId: string;
  botId: string;
  /** SHA-256 of the token */
  tokenHash: string;
  createdAt: string;
  expiresAt: string;
}

/** A bot's conversation tests, as the YAML its author wrote (migration 0008). */
export interface BotTestsTable {
  botId: string;
  yaml: string;
  updatedAt: string;
}

/** Work done after commit, at least once (migration 0009; src/services/outbox). */
export interface OutboxTable {
  id: string;
  /** Which handler does it: "email", "webhook". */
  kind: string;
  /** JSON: what the handler needs. */
  payload: string;
  resultId: string | null;
  /** Whose it is (a webhook's id), for listing its deliveries. */
  targetId: string | null;
  status: "pending" | "done" | "failed";
  attempts: number;
  /** When it may next be tried (pending), past a claim's lease while it runs. */
  dueAt: string;
  createdAt: string;
  finishedAt: string | null;
  lastError: string | null;
}

export interface OutboxAttemptsTable {
  id: string;
  itemId: string;
  attemptedAt: string;
  ok: Flag;
  statusCode: number | null;
  error: string | null;
}

/** Messaging-app messages by the app's id: pending until a turn handled them (migration 0010). */
export interface ChannelInboxTable {
  credentialsId: string;
  messageId: string;
  contactId: string;
  /** The message as Parley reads it (JSON, src/schemas/channels.ts inboundMessageSchema). */
  message: string;
  /** When the app says it was sent: the order turns take. */
  sentAt: string;
  receivedAt: string;
  processedAt: string | null;
}

/** One messaging-app contact of one credential: its chat session, pending choices and turn lock (migration 0010). */
export interface ChannelContactsTable {
  credentialsId: string;
  contactId: string;
  sessionId: string | null;
  /** JSON: the choices last offered, so that "2" or a label answers them. */
  offered: string | null;
  lockToken: string | null;
  lockedUntil: string | null;
  updatedAt: string;
}

/** A bot's outbound result webhook (migration 0012; src/services/webhooks). */
export interface WebhooksTable {
  id: string;
  botId: string;
  url: string;
  /** JSON array of event types ("result.started", "result.answer", "result.completed", "chat.handoff"). */
  events: string;
  /** `whsec_<base64>`: the Standard Webhooks signing secret. */
  secret: string;
  enabled: Flag;
  disabledReason: string | null;
  disabledAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A messaging-app session's idle timeout, fired by the server (migration 0017). */
export interface IdleTimeoutsTable {
  sessionId: string;
  workspaceId: string;
  credentialsId: string;
  contactId: string;
  /** The input the session waits at when the row was written. */
  blockId: string;
  /** The session state's idleDeadline as an ISO time: the fire does nothing once it changed. */
  deadline: string;
  /** When the runner may take it next (the deadline, then past each claim's lease). */
  dueAt: string;
  attempts: number;
  /** Idle paths run in a row with no message of the contact (migration 0020); a message resets it. */
  firesWithoutAnswer: number;
}

/** Files kept in PostgreSQL (migration 0018; src/integrations/storage/postgres-storage.ts). */
export interface StoredFilesTable {
  key: string;
  folder: string;
  /** bigint: pg answers it as a string. */
  size: number | string;
  contentType: string | null;
  complete: number;
  createdAt: string;
}

export interface StoredFileChunksTable {
  fileKey: string;
  n: number;
  data: Buffer;
}

export interface Database {
  users: UsersTable;
  apiTokens: ApiTokensTable;
  browserSessions: BrowserSessionsTable;
  previewTokens: PreviewTokensTable;
  passwordSetupTokens: PasswordSetupTokensTable;
  workspaces: WorkspacesTable;
  members: MembersTable;
  workspaceInvitations: WorkspaceInvitationsTable;
  folders: FoldersTable;
  themeTemplates: ThemeTemplatesTable;
  bots: BotsTable;
  botVersions: BotVersionsTable;
  sessions: SessionsTable;
  results: ResultsTable;
  answers: AnswersTable;
  logs: LogsTable;
  credentials: CredentialsTable;
  botTests: BotTestsTable;
  outbox: OutboxTable;
  outboxAttempts: OutboxAttemptsTable;
  channelInbox: ChannelInboxTable;
  channelContacts: ChannelContactsTable;
  webhooks: WebhooksTable;
  idleTimeouts: IdleTimeoutsTable;
  handoffs: HandoffsTable;
  inboxMessages: InboxMessagesTable;
  storedFiles: StoredFilesTable;
  storedFileChunks: StoredFileChunksTable;
  knowledgeBases: KnowledgeBasesTable;
  knowledgeDocuments: KnowledgeDocumentsTable;
  knowledgeChunks: KnowledgeChunksTable;
  knowledgeChunkVectors: KnowledgeChunkVectorsTable;
}

export type Db = Kysely<Database>;
export type BotRow = Selectable<BotsTable>;
export type WorkspaceRow = Selectable<WorkspacesTable>;
export type ResultRow = Selectable<ResultsTable>;
export type SessionRow = Selectable<SessionsTable>;
export type OutboxRow = Selectable<OutboxTable>;
export type WebhookRow = Selectable<WebhooksTable>;
