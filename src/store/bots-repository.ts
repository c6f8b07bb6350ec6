import { type Selectable, sql, type Updateable } from "kysely";
import type { BotRow, BotsTable, BotVersionsTable, Db } from "./database.js";
import type { MemberRole } from "./workspaces-repository.js";
import { createId, nowIso } from "../lib/ids.js";

export type BotVersionRow = Selectable<BotVersionsTable>;
/** A publish (not a staging copy of the draft): it has a number. */
export type PublishedVersionRow = Omit<BotVersionRow, "number"> & { number: number };

/** What a publish stores besides the flow: who, why, and what the publish check found. */
export type PublishMeta = { publishedBy: string | null; note: string | null; findings: string | null };

/** A version without its flow document, for listings. */
export type BotVersionSummary = Omit<PublishedVersionRow, "document" | "draftSavedAt">;
const versionSummaryColumns = [
  "id",
  "botId",
  "version",
  "createdAt",
  "number",
  "publishedBy",
  "note",
  "findings",
] as const;

/** Columns of the light listing: no flow document. */
const listColumns = [
  "id",
  "name",
  "icon",
  "folderId",
  "publicId",
  "workspaceId",
  "isClosed",
  "publishedVersionId",
  "createdAt",
  "updatedAt",
] as const;

export class BotsRepository {
  constructor(private readonly db: Db) {}

  async insert(row: BotRow): Promise<void> {
    await this.db.insertInto("bots").values(row).execute();
  }

  findById(id: string): Promise<BotRow | undefined> {
    return this.db.selectFrom("bots").selectAll().where("id", "=", id).executeTakeFirst();
  }

  /** A live (non-archived) bot with the caller's role in its workspace; undefined when not a member. */
  findForMember(botId: string, userId: string): Promise<(BotRow & { role: MemberRole }) | undefined> {
    return this.db
      .selectFrom("bots")
      .innerJoin("members", "members.workspaceId", "bots.workspaceId")
      .selectAll("bots")
      .select("members.role")
      .where("bots.id", "=", botId)
      .where("members.userId", "=", userId)
      .where("bots.isArchived", "=", 0)
      .executeTakeFirst();
  }

  async update(id: string, patch: Updateable<BotsTable>): Promise<void> {
    await this.db.updateTable("bots").set(patch).where("id", "=", id).execute();
  }

  /** The light listing, with whether each draft still equals its published version (1) or not (0). */
  listForWorkspace(workspaceId: string, folderId?: string) {
    let query = this.db
      .selectFrom("bots")
      .leftJoin("botVersions", "botVersions.id", "bots.publishedVersionId")
      .select(listColumns.map((column) => `bots.${column}` as const))
      .select(
        sql<number>`case when ${sql.ref("botVersions.document")} = ${sql.ref("bots.document")} and ${sql.ref(
          "botVersions.version",
        )} = ${sql.ref("bots.version")} then 1 else 0 end`.as("matchesPublished"),
      )
      .where("bots.workspaceId", "=", workspaceId)
      .where("bots.isArchived", "=", 0);
    if (folderId !== undefined) query = query.where("bots.folderId", "=", folderId);
    return query.orderBy("bots.createdAt", "desc").orderBy("bots.id", "desc").execute();
  }

  async isPublicIdTaken(publicId: string, exceptBotId?: string): Promise<boolean> {
    // A staging id is a public id too: a bot taking it would hide that staging page.
    let query = this.db
      .selectFrom("bots")
      .select("id")
      .where((eb) => eb.or([eb("publicId", "=", publicId), eb("stagingPublicId", "=", publicId)]));
    if (exceptBotId) query = query.where("id", "<>", exceptBotId);
    return (await query.executeTakeFirst()) !== undefined;
  }

  async isCustomDomainTaken(customDomain: string, exceptBotId?: string): Promise<boolean> {
    let query = this.db.selectFrom("bots").select("id").where("customDomain", "=", customDomain);
    if (exceptBotId) query = query.where("id", "<>", exceptBotId);
    return (await query.executeTakeFirst()) !== undefined;
  }

  /** The public id of the published, live bot a custom domain serves (one row by the unique index). */
  async findPublicIdByCustomDomain(
    customDomain: string,
  ): Promise<{ publicId: string; verifiedAt: string | null } | undefined> {
    const row = await this.db
      .selectFrom("bots")
      .select(["publicId", "customDomainVerifiedAt"])
      .where("customDomain", "=", customDomain)
      .where("isArchived", "=", 0)
      .where("publishedVersionId", "is not", null)
      .executeTakeFirst();
    return row?.publicId ? { publicId: row.publicId, verifiedAt: row.customDomainVerifiedAt } : undefined;
  }

  /** A published, live bot has proven a custom domain on this host (with or without a path). */
  async hasProvenDomainOnHost(host: string): Promise<boolean> {
    const row = await this.db
      .selectFrom("bots")
      .select("id")
      // `host/…` sorts between `host/` and `host0` ("0" follows "/"): a range, not a LIKE pattern.
      .where((eb) =>
        eb.or([
          eb("customDomain", "=", host),
          eb.and([eb("customDomain", ">", `${host}/`), eb("customDomain", "<", `${host}0`)]),
        ]),
      )
      .where("customDomainVerifiedAt", "is not", null)
      .where("isArchived", "=", 0)
      .where("publishedVersionId", "is not", null)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Stores a new immutable version, numbered after the bot's last, and points the bot at it, in one
   * transaction. Two publishes at once may pick the same number: the unique index refuses the second.
   */
  async publish(
    bot: { id: string; version: string; document: string; publicId: string },
    meta: PublishMeta,
  ): Promise<PublishedVersionRow> {
    return this.db.transaction().execute(async (trx) => {
      const last = await trx
        .selectFrom("botVersions")
        .select((eb) => eb.fn.max("number").as("number"))
        .where("botId", "=", bot.id)
        .executeTakeFirst();
      const version: PublishedVersionRow = {
        id: createId(),
        botId: bot.id,
        version: bot.version,
        document: bot.document,
        createdAt: nowIso(),
        number: Number(last?.number ?? 0) + 1,
        draftSavedAt: null,
        ...meta,
      };
      await trx.insertInto("botVersions").values(version).execute();
      await trx
        .updateTable("bots")
        .set({ publishedVersionId: version.id, publicId: bot.publicId })
        .where("id", "=", bot.id)
        .execute();
      return version;
    });
  }

  /** One page of a bot's versions, newest first, after the number `before` (keyset). */
  listVersions(botId: string, before: number | undefined, limit: number): Promise<BotVersionSummary[]> {
    let query = this.db
      .selectFrom("botVersions")
      .select(versionSummaryColumns)
      .where("botId", "=", botId)
      .where("number", "is not", null)
      .$narrowType<{ number: number }>();
    if (before !== undefined) query = query.where("number", "<", before);
    return query.orderBy("number", "desc").limit(limit).execute();
  }

  /**
   * Deletes the bot's versions older than its `kept` newest, and its staging copies of the draft, but
   * for those still in use: the published one, the one staging serves, the newest staging copy, and
   * any a session that has not expired runs on. Returns how many went.
   */
  async pruneVersions(botId: string, kept: number, now: string): Promise<number> {
    const older = await this.db
      .selectFrom("botVersions")
      .select("id")
      .where("botId", "=", botId)
      .where("number", "is not", null)
      .orderBy("number", "desc")
      .offset(kept)
      .limit(1_000_000)
      .execute();
    const stagingCopies = await this.db
      .selectFrom("botVersions")
      .select("id")
      .where("botId", "=", botId)
      .where("number", "is", null)
      .orderBy("draftSavedAt", "desc")
      .offset(1)
      .limit(1_000_000)
      .execute();
    const candidates = [...older, ...stagingCopies];
    if (candidates.length === 0) return 0;
    const bot = await this.db
      .selectFrom("bots")
      .select(["publishedVersionId", "stagingVersionId"])
      .where("id", "=", botId)
      .executeTakeFirst();
    const inUse = await this.db
      .selectFrom("sessions")
      .select("botVersionId")
      .distinct()
      .where("botId", "=", botId)
      .where("botVersionId", "is not", null)
      .where((eb) => eb.or([eb("expiresAt", "is", null), eb("expiresAt", ">", now)]))
      .execute();
    const keep = new Set([bot?.publishedVersionId, bot?.stagingVersionId, ...inUse.map((row) => row.botVersionId)]);
    const doomed = candidates.map((row) => row.id).filter((id) => !keep.has(id));
    if (doomed.length === 0) return 0;
    await this.db.deleteFrom("botVersions").where("id", "in", doomed).execute();
    return doomed.length;
  }

  async unpublish(botId: string): Promise<void> {
    await this.db.updateTable("bots").set({ publishedVersionId: null }).where("id", "=", botId).execute();
  }

  /** The numbers of these versions (null for staging's copies of the draft); versions gone are left out. */
  async versionNumbers(versionIds: string[]): Promise<Map<string, number | null>> {
    if (versionIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom("botVersions")
      .select(["id", "number"])
      .where("id", "in", versionIds)
      .execute();
    return new Map(rows.map((row) => [row.id, row.number]));
  }

  findVersion(versionId: string): Promise<BotVersionRow | undefined> {
    return this.db.selectFrom("botVersions").selectAll().where("id", "=", versionId).executeTakeFirst();
  }

  /**
   * The live bot behind a public id, with the id of its published version (null when unpublished).
   * Visitors run the published version, so the draft's document is left unread.
   */
  findByPublicId(
    publicId: string,
  ): Promise<Pick<BotRow, "id" | "name" | "workspaceId" | "publishedVersionId" | "isClosed"> | undefined> {
    return this.db
      .selectFrom("bots")
      .select(["id", "name", "workspaceId", "publishedVersionId", "isClosed"])
      .where("publicId", "=", publicId)
      .where("isArchived", "=", 0)
      .executeTakeFirst();
  }

  /** The live bot behind a staging id, with what staging serves (stagingVersionId null: the draft). */
  findByStagingPublicId(
    stagingPublicId: string,
  ): Promise<
    Pick<BotRow, "id" | "name" | "workspaceId" | "stagingVersionId" | "version" | "document" | "updatedAt"> | undefined
  > {
    return this.db
      .selectFrom("bots")
      .select(["id", "name", "workspaceId", "stagingVersionId", "version", "document", "updatedAt"])
      .where("stagingPublicId", "=", stagingPublicId)
      .where("isArchived", "=", 0)
      .executeTakeFirst();
  }

  /** Points staging at a version (null: the draft), or turns it off (stagingPublicId null). */
  async setStaging(
    botId: string,
    staging: { stagingPublicId: string | null; stagingVersionId: string | null },
  ): Promise<void> {
    await this.db.updateTable("bots").set(staging).where("id", "=", botId).execute();
  }

  /**
   * The frozen copy of the draft as it was saved at `draftSavedAt`, made on first use: staging chats
   * on the draft run it, as live chats run a version, so that editing the draft mid-chat does not
   * change a running chat. Two chats starting at once may each make one; both are valid copies.
   */
  async stagingCopyOfDraft(bot: Pick<BotRow, "id" | "version" | "document" | "updatedAt">): Promise<string> {
    const existing = await this.db
      .selectFrom("botVersions")
      .select("id")
      .where("botId", "=", bot.id)
      .where("number", "is", null)
      .where("draftSavedAt", "=", bot.updatedAt)
      .executeTakeFirst();
    if (existing) return existing.id;
    const id = createId();
    await this.db
      .insertInto("botVersions")
      .values({
        id,
        botId: bot.id,
        version: bot.version,
        document: bot.document,
        createdAt: nowIso(),
        number: null,
        publishedBy: null,
        note: null,
        findings: null,
        draftSavedAt: bot.updatedAt,
      })
      .execute();
    return id;
  }

  /** Soft delete, as the reference: archived, unpublished, public id freed, results archived. */
  async archive(botId: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      // Sessions before results, the order a chat turn locks them in (ChatRepository.writeTurn): the
      // other order deadlocked on PostgreSQL against a turn of one of the bot's chats.
      await trx.deleteFrom("sessions").where("botId", "=", botId).execute();
      await trx
        .updateTable("bots")
        .set({
          isArchived: 1,
          publishedVersionId: null,
          publicId: null,
          stagingPublicId: null,
          stagingVersionId: null,
          customDomain: null,
          updatedAt: nowIso(),
        })
        .where("id", "=", botId)
        .execute();
      await trx.updateTable("results").set({ isArchived: 1 }).where("botId", "=", botId).execute();
    });
  }
}
