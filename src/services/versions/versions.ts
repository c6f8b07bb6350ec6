import type { z } from "zod";
import { notFound } from "../../errors.js";
import { nowIso } from "../../lib/ids.js";
import type { listVersionsQuerySchema } from "../../schemas/bot-versions.js";
import type { BotVersionSummary } from "../../store/bots-repository.js";
import type { Caller } from "../../store/users-repository.js";
import { publishContent, requireBot, requireWritableBot } from "../bots.js";
import { storedDocument, toBotDocument, toPublishedBot } from "../bot-view.js";
import { lintBot } from "../lint/lint-bot.js";
import type { AppContext } from "../context.js";
import { diffFlows } from "./flow-diff.js";

type ListVersionsQuery = z.output<typeof listVersionsQuerySchema>;

export function toApiVersion(row: BotVersionSummary, publishedVersionId: string | null) {
  return {
    id: row.id,
    number: row.number,
    publishedAt: row.createdAt,
    publishedBy: row.publishedBy,
    note: row.note,
    findings: row.findings ? JSON.parse(row.findings) : null,
    isPublished: row.id === publishedVersionId,
  };
}

export async function listVersions(ctx: AppContext, caller: Caller, botId: string, query: ListVersionsQuery) {
  const bot = await requireBot(ctx, caller, botId);
  const before = query.cursor ? Number(query.cursor) : undefined;
  const rows = await ctx.bots.listVersions(bot.id, before, query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    versions: page.map((row) => toApiVersion(row, bot.publishedVersionId)),
    nextCursor: rows.length > query.limit && last ? String(last.number) : null,
  };
}

/**
 * A version of this bot: another bot's version id is as unknown as a made-up one, and so is a staging
 * copy of the draft (not a publish).
 */
export async function requireVersion(ctx: AppContext, botId: string, versionId: string) {
  const version = await ctx.bots.findVersion(versionId);
  if (!version || version.botId !== botId || version.number === null) throw notFound("Version not found");
  return { ...version, number: version.number };
}

export async function getVersion(ctx: AppContext, caller: Caller, botId: string, versionId: string) {
  const bot = await requireBot(ctx, caller, botId);
  const version = await requireVersion(ctx, bot.id, versionId);
  return { version: toApiVersion(version, bot.publishedVersionId), publishedBot: toPublishedBot(version) };
}

export async function diffVersion(ctx: AppContext, caller: Caller, botId: string, versionId: string, to: string) {
  const bot = await requireBot(ctx, caller, botId);
  const from = await requireVersion(ctx, bot.id, versionId);
  const target = to === "draft" ? undefined : await requireVersion(ctx, bot.id, to);
  return {
    from: { versionId: from.id, number: from.number },
    to: target ? { versionId: target.id, number: target.number } : { versionId: "draft", number: null },
    ...diffFlows(storedDocument(from), storedDocument(target ?? bot)),
  };
}

/**
 * Restoring never rewrites history: to "published" stores the version's content as a new version
 * that new chats start on (running chats keep the one they started on); to "draft" replaces the draft.
 */
export async function restoreVersion(
  ctx: AppContext,
  caller: Caller,
  botId: string,
  versionId: string,
  input: { to: "published" | "draft"; note?: string },
) {
  const bot = await requireWritableBot(ctx, caller, botId);
  const source = await requireVersion(ctx, bot.id, versionId);
  if (input.to === "draft") {
    await ctx.bots.update(bot.id, { document: source.document, version: source.version, updatedAt: nowIso() });
    return { restoredTo: "draft" as const, version: null, findings: lintBot(toBotDocument(source)) };
  }
  const note = input.note || `Restored from version ${source.number}`;
  const { findings, version } = await publishContent(ctx, caller, bot, source, note);
  return { restoredTo: "published" as const, version: toApiVersion(version, version.id), findings };
}
