import { sql, type Kysely } from "kysely";

// Written with Kysely's schema builder only, so that it runs unchanged on SQLite and PostgreSQL.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("users")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("name", "text")
    .addColumn("passwordHash", "text")
    .addColumn("createdAt", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("apiTokens")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("userId", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("tokenHash", "text", (c) => c.notNull().unique())
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("lastUsedAt", "text")
    .addColumn("revokedAt", "text")
    .execute();
  await db.schema.createIndex("apiTokens_userId").on("apiTokens").column("userId").execute();

  await db.schema
    .createTable("workspaces")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("icon", "text")
    .addColumn("plan", "text", (c) => c.notNull())
    .addColumn("paymentId", "text")
    .addColumn("isSuspended", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("isPastDue", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("isVerified", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("updatedAt", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("members")
    .addColumn("workspaceId", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
    .addColumn("userId", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("role", "text", (c) => c.notNull())
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("members_pk", ["workspaceId", "userId"])
    .execute();
  await db.schema.createIndex("members_userId").on("members").column("userId").execute();

  await db.schema
    .createTable("bots")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("workspaceId", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
    .addColumn("folderId", "text")
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("icon", "text")
    .addColumn("version", "text", (c) => c.notNull())
    .addColumn("document", "text", (c) => c.notNull())
    .addColumn("selectedThemeTemplateId", "text")
    .addColumn("publicId", "text", (c) => c.unique())
    .addColumn("customDomain", "text", (c) => c.unique())
    .addColumn("resultsTablePreferences", "text")
    .addColumn("isArchived", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("isClosed", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("chatAppCredentialsId", "text")
    .addColumn("riskLevel", "integer")
    .addColumn("publishedVersionId", "text")
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("updatedAt", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("bots_workspaceId").on("bots").columns(["workspaceId", "isArchived"]).execute();

  await db.schema
    .createTable("botVersions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("botId", "text", (c) => c.notNull().references("bots.id").onDelete("cascade"))
    .addColumn("version", "text", (c) => c.notNull())
    .addColumn("document", "text", (c) => c.notNull())
    .addColumn("createdAt", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("botVersions_botId").on("botVersions").column("botId").execute();

  await db.schema
    .createTable("sessions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("botId", "text")
    .addColumn("botVersionId", "text")
    .addColumn("previewDocument", "text")
    .addColumn("resultId", "text")
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("revision", "integer", (c) => c.notNull())
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("updatedAt", "text", (c) => c.notNull())
    .addColumn("expiresAt", "text")
    .execute();
  await db.schema.createIndex("sessions_expiresAt").on("sessions").column("expiresAt").execute();

  await db.schema
    .createTable("results")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("botId", "text", (c) => c.notNull().references("bots.id").onDelete("cascade"))
    .addColumn("botVersionId", "text")
    .addColumn("variables", "text", (c) => c.notNull())
    .addColumn("isCompleted", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("hasStarted", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("isArchived", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("lastChatSessionId", "text")
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("updatedAt", "text", (c) => c.notNull())
    .execute();
  // The listing reads started, non-archived results of one bot newest first: keyset on (createdAt, id).
  await db.schema
    .createIndex("results_listing")
    .on("results")
    .columns(["botId", "createdAt", "id"])
    .where(sql.ref("hasStarted"), "=", 1)
    .where(sql.ref("isArchived"), "=", 0)
    .execute();
  await db.schema.createIndex("results_botId").on("results").columns(["botId", "createdAt"]).execute();

  await db.schema
    .createTable("answers")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("resultId", "text", (c) => c.notNull().references("results.id").onDelete("cascade"))
    .addColumn("blockId", "text", (c) => c.notNull())
    .addColumn("groupId", "text")
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("attachedFileUrls", "text")
    .addColumn("createdAt", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("answers_resultId").on("answers").columns(["resultId", "position"]).execute();

  await db.schema
    .createTable("logs")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("resultId", "text", (c) => c.notNull().references("results.id").onDelete("cascade"))
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("details", "text")
    .addColumn("context", "text")
    .addColumn("createdAt", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("logs_resultId").on("logs").columns(["resultId", "createdAt"]).execute();

  await db.schema
    .createTable("credentials")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("workspaceId", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("data", "text", (c) => c.notNull())
    .addColumn("createdAt", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("credentials_workspaceId").on("credentials").column("workspaceId").execute();
}
