import type { z } from "zod";
import { AppError, notFound } from "../errors.js";
import { createId, nowIso } from "../lib/ids.js";
import type { botCreateInputSchema, botUpdateInputSchema } from "../schemas/bot.js";
import { LATEST_BOT_VERSION } from "../schemas/upgrade.js";
import type { BotRow, BotsTable } from "../store/database.js";
import type { Caller } from "../store/users-repository.js";
import { isUniqueViolation } from "../store/unique-violation.js";
import type { AppContext } from "./context.js";
import { requireWorkspace } from "./workspaces.js";
import { GUEST_READ_ONLY } from "./auth/write-access.js";
import { assertFolderOf } from "./folders.js";
import {
  canonicalDocument,
  storedDocument,
  toApiBot,
  toBotDocument,
  toPublishedBot,
  withoutEmptyTranslations,
  type StoredDocument,
} from "./bot-view.js";
import { lintBot } from "./lint/lint-bot.js";
import { assertCustomDomainClaimable, newChallengeToken, normalizeCustomDomain } from "./custom-domains.js";
import { CredentialsRepository } from "../store/credentials-repository.js";

type BotCreateInput = z.output<typeof botCreateInputSchema>;
type BotUpdateInput = z.output<typeof botUpdateInputSchema>;

/** Stored updatedAt newer than the client's by more than this means the client edited a stale copy. */
const STALE_UPDATE_TOLERANCE_MS = 5_000;

export async function requireBot(ctx: AppContext, caller: Caller, botId: string) {
  const bot = await ctx.bots.findForMember(botId, caller.userId);
  if (!bot) throw notFound("Bot not found");
  return bot;
}

function defaultStartEvent() {
  return { id: createId(), type: "start" as const, graphCoordinates: { x: 0, y: 0 } };
}

export async function createBot(ctx: AppContext, caller: Caller, workspaceId: string, input: BotCreateInput = {}) {
  await requireWorkspace(ctx, caller, workspaceId);
  if (input.folderId) await assertFolderOf(ctx, workspaceId, input.folderId, "bot.folderId");
  if (input.publicId) await assertPublicIdAvailable(ctx, input.publicId);
  const customDomain = input.customDomain ? normalizeCustomDomain(input.customDomain) : null;
  if (customDomain) await assertCustomDomainClaimable(ctx, customDomain);
  if (input.chatAppCredentialsId) await assertChatAppCredentials(ctx, workspaceId, input.chatAppCredentialsId);
  const now = nowIso();
  const document: StoredDocument = {
    groups: input.groups ?? [],
    events: input.events && input.events.length > 0 ? input.events : [defaultStartEvent()],
    edges: input.edges ?? [],
    variables: input.variables ?? [],
    theme: input.theme ?? {},
    settings: input.settings ?? {},
    ...(input.translations ? { translations: input.translations } : {}),
  };
  const row: BotRow = {
    id: createId(),
    workspaceId,
    folderId: input.folderId ?? null,
    name: input.name ?? "My bot",
    icon: input.icon ?? null,
    version: LATEST_BOT_VERSION,
    document: JSON.stringify(withoutEmptyTranslations(document)),
    selectedThemeTemplateId: input.selectedThemeTemplateId ?? null,
    publicId: input.publicId ?? null,
    stagingPublicId: null,
    stagingVersionId: null,
    customDomain,
    customDomainToken: customDomain ? newChallengeToken() : null,
    customDomainVerifiedAt: null,
    resultsTablePreferences: input.resultsTablePreferences ? JSON.stringify(input.resultsTablePreferences) : null,
    isArchived: 0,
    isClosed: 0,
    chatAppCredentialsId: input.chatAppCredentialsId ?? null,
    riskLevel: null,
    publishedVersionId: null,
    createdAt: now,
    updatedAt: now,
  };
  await writeGuarded(() => ctx.bots.insert(row), customDomain ? undefined : row.publicId);
  return toApiBot(row);
}

/**
 * The credential a bot answers messaging apps on must be one of its workspace's WhatsApp or Telegram
 * credentials: any other id would be stored and the bot would silently never answer there.
 */
async function assertChatAppCredentials(ctx: AppContext, workspaceId: string, credentialsId: string) {
  const row = await new CredentialsRepository(ctx.store.db).find(workspaceId, credentialsId);
  if (row?.type === "whatsapp" || row?.type === "telegram") return;
  throw new AppError("BAD_REQUEST", "Unknown messaging app credentials", {
    issues: [
      {
        path: "bot.chatAppCredentialsId",
        message: row
          ? `These credentials are for ${row.type}, not a messaging app (WhatsApp or Telegram)`
          : "No credentials with this id in the workspace",
      },
    ],
  });
}

export async function getBot(ctx: AppContext, caller: Caller | undefined, botId: string) {
  if (caller) {
    const bot = await ctx.bots.findForMember(botId, caller.userId);
    if (bot) return { bot: toApiBot(bot), currentUserMode: bot.role === "GUEST" ? "guest" : "write" };
  }
  // Public sharing lets anyone read the bot, as a guest.
  const shared = await ctx.bots.findById(botId);
  if (shared && !shared.isArchived && storedDocument(shared).settings?.publicShare?.isEnabled)
    return { bot: toApiBot(shared), currentUserMode: "guest" };
  if (!caller) throw new AppError("UNAUTHORIZED");
  throw notFound("Bot not found");
}

export async function updateBot(
  ctx: AppContext,
  caller: Caller,
  botId: string,
  input: BotUpdateInput,
  overwrite: boolean,
) {
  const bot = await requireBot(ctx, caller, botId);
  if (bot.role === "GUEST") throw new AppError("FORBIDDEN", GUEST_READ_ONLY);
  if (input.updatedAt && !overwrite) {
    const stored = Date.parse(bot.updatedAt);
    const given = Date.parse(input.updatedAt);
    if (Number.isFinite(given) && stored - given > STALE_UPDATE_TOLERANCE_MS)
      throw new AppError("CONFLICT", "Found newer version of the bot in database");
  }
  if (input.folderId) await assertFolderOf(ctx, bot.workspaceId, input.folderId, "bot.folderId");
  if (input.publicId) await assertPublicIdAvailable(ctx, input.publicId, botId);
  const customDomain = input.customDomain ? normalizeCustomDomain(input.customDomain) : input.customDomain;
  if (customDomain) await assertCustomDomainClaimable(ctx, customDomain, botId);
  if (input.chatAppCredentialsId) await assertChatAppCredentials(ctx, bot.workspaceId, input.chatAppCredentialsId);
  // A new claim proves itself anew: the old domain's proof says nothing about this one.
  const newClaim =
    customDomain !== undefined && customDomain !== bot.customDomain
      ? { customDomainToken: customDomain ? newChallengeToken() : null, customDomainVerifiedAt: null }
      : {};

  const current = storedDocument(bot);
  const document: StoredDocument = {
    groups: input.groups ?? current.groups,
    events: input.events ?? current.events,
    edges: input.edges ?? current.edges,
    variables: input.variables ?? current.variables,
    theme: input.theme ?? current.theme,
    settings: input.settings ?? current.settings,
    ...((input.translations ?? current.translations)
      ? { translations: input.translations ?? current.translations }
      : {}),
  };
  const patch = {
    document: JSON.stringify(withoutEmptyTranslations(document)),
    updatedAt: nowIso(),
    ...pickDefined({
      name: input.name,
      icon: input.icon,
      folderId: input.folderId,
      selectedThemeTemplateId: input.selectedThemeTemplateId,
      publicId: input.publicId,
      customDomain,
      chatAppCredentialsId: input.chatAppCredentialsId,
      riskLevel: input.riskLevel,
    }),
    ...newClaim,
    ...(input.isClosed !== undefined ? { isClosed: input.isClosed ? 1 : 0 } : {}),
    ...(input.resultsTablePreferences !== undefined
      ? {
          resultsTablePreferences:
            input.resultsTablePreferences === null ? null : JSON.stringify(input.resultsTablePreferences),
        }
      : {}),
  } satisfies Partial<BotsTable>;
  await writeGuarded(() => ctx.bots.update(botId, patch), customDomain ? undefined : input.publicId);
  ctx.customDomains.clear();
  return toApiBot({ ...bot, ...patch });
}

export async function listBots(ctx: AppContext, caller: Caller, workspaceId: string, folderId?: string) {
  await requireWorkspace(ctx, caller, workspaceId);
  const rows = await ctx.bots.listForWorkspace(workspaceId, folderId);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    icon: row.icon,
    folderId: row.folderId,
    publicId: row.publicId,
    workspaceId: row.workspaceId,
    isClosed: Boolean(row.isClosed),
    isPublished: row.publishedVersionId !== null,
    hasUnpublishedChanges: row.publishedVersionId !== null && !row.matchesPublished,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  }));
}

export async function deleteBot(ctx: AppContext, caller: Caller, botId: string) {
  await requireWritableBot(ctx, caller, botId);
  await ctx.bots.archive(botId);
  ctx.customDomains.clear();
}

export async function publishBot(ctx: AppContext, caller: Caller, botId: string, note?: string) {
  const bot = await requireWritableBot(ctx, caller, botId);
  const { publicId, findings, version } = await publishContent(ctx, caller, bot, bot, note);
  // Findings are shown, never blocking: the author decides whether a warning matters.
  return { message: "success", publicId, findings, versionId: version.id, versionNumber: version.number };
}

/**
 * Stores `content` (the draft, or a restored version) as the bot's next published version, with who
 * published it, the note and the publish check's findings; then drops versions past PARLEY_VERSIONS_KEPT.
 */
export async function publishContent(
  ctx: AppContext,
  caller: Caller,
  bot: BotRow,
  content: { version: string; document: string },
  note?: string,
) {
  let publicId = bot.publicId ?? defaultPublicId(bot.name, bot.id);
  if (!bot.publicId && (await ctx.bots.isPublicIdTaken(publicId, bot.id)))
    publicId = defaultPublicId(bot.name, createId());
  const findings = lintBot(toBotDocument(content));
  const version = await writeGuarded(
    () =>
      ctx.bots.publish(
        { id: bot.id, version: content.version, document: content.document, publicId },
        { publishedBy: caller.userId, note: note || null, findings: JSON.stringify(findings) },
      ),
    undefined,
    "Another publish of this bot (or another bot taking its public id) happened at the same time: try again",
  );
  ctx.customDomains.clear();
  if (ctx.config.versionsKept > 0) await ctx.bots.pruneVersions(bot.id, ctx.config.versionsKept, nowIso());
  return { publicId, findings, version };
}

/** The publish check on the current draft, for the editor and for scripts. */
export async function lintDraft(ctx: AppContext, caller: Caller, botId: string) {
  return { findings: lintBot(toBotDocument(await requireBot(ctx, caller, botId))) };
}

export async function unpublishBot(ctx: AppContext, caller: Caller, botId: string) {
  const bot = await requireWritableBot(ctx, caller, botId);
  if (!bot.publishedVersionId) throw new AppError("BOT_NOT_PUBLISHED", "Published bot not found");
  await ctx.bots.unpublish(botId);
  ctx.customDomains.clear();
  return { message: "success" };
}

export async function getPublishedBot(ctx: AppContext, caller: Caller, botId: string) {
  const bot = await requireBot(ctx, caller, botId);
  const version = bot.publishedVersionId ? await ctx.bots.findVersion(bot.publishedVersionId) : undefined;
  if (!version) throw new AppError("BOT_NOT_PUBLISHED", "Published bot not found");
  return { publishedBot: toPublishedBot(version), version: bot.version };
}

/**
 * Whether the draft differs from what visitors run: the flow documents are compared in their canonical
 * form (keys sorted, empty translations dropped), with the schema version, so undoing an edit back
 * counts as no change however the saving client ordered the keys.
 */
export async function getPublishState(ctx: AppContext, caller: Caller, botId: string) {
  const bot = await requireBot(ctx, caller, botId);
  const version = bot.publishedVersionId ? await ctx.bots.findVersion(bot.publishedVersionId) : undefined;
  if (!version) return { isPublished: false, hasUnpublishedChanges: false, publishedAt: null };
  return {
    isPublished: true,
    hasUnpublishedChanges: version.version !== bot.version || canonicalDocument(version) !== canonicalDocument(bot),
    publishedAt: version.createdAt,
  };
}

export async function requireWritableBot(ctx: AppContext, caller: Caller, botId: string) {
  const bot = await requireBot(ctx, caller, botId);
  if (bot.role === "GUEST") throw new AppError("FORBIDDEN", GUEST_READ_ONLY);
  return bot;
}

/** kebab-case of the name + "-" + the last 7 characters of the id, as the reference's editor does. */
export function defaultPublicId(name: string, id: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 200);
  const suffix = id.slice(-7).toLowerCase();
  return slug ? `${slug}-${suffix}` : suffix;
}

export const publicIdTakenMessage = (publicId: string) =>
  `The public id "${publicId}" is already used by another bot: choose another one`;

async function assertPublicIdAvailable(ctx: AppContext, publicId: string, botId?: string) {
  if (await ctx.bots.isPublicIdTaken(publicId, botId))
    throw new AppError("PUBLIC_ID_TAKEN", publicIdTakenMessage(publicId));
}

/** A concurrent writer can still take a public id between the check and the write. */
async function writeGuarded<T>(
  write: () => Promise<T>,
  publicId?: string | null,
  conflictMessage = "Public id or custom domain not available",
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    if (publicId) throw new AppError("PUBLIC_ID_TAKEN", publicIdTakenMessage(publicId));
    throw new AppError("CONFLICT", conflictMessage);
  }
}

function pickDefined<T extends Record<string, unknown>>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>;
}
