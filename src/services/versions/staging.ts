import { randomBytes } from "node:crypto";
import { notFound } from "../../errors.js";
import type { BotRow } from "../../store/database.js";
import type { Caller } from "../../store/users-repository.js";
import { publishContent, requireBot, requireWritableBot } from "../bots.js";
import type { AppContext } from "../context.js";
import { requireVersion, toApiVersion } from "./versions.js";

/** 128 random bits: staging is private because its id cannot be guessed, not because it is checked. */
function newStagingPublicId(): string {
  return `staging-${randomBytes(16).toString("hex")}`;
}

type StagedBot = Pick<BotRow, "id" | "stagingPublicId" | "stagingVersionId">;

async function stagingView(ctx: AppContext, bot: StagedBot) {
  if (!bot.stagingPublicId) return { staging: null };
  const served = bot.stagingVersionId ? await requireVersion(ctx, bot.id, bot.stagingVersionId) : undefined;
  return {
    staging: {
      publicId: bot.stagingPublicId,
      url: `${ctx.config.publicUrl}/${bot.stagingPublicId}`,
      serves: served ? { versionId: served.id, number: served.number } : { versionId: "draft", number: null },
    },
  };
}

export async function getStaging(ctx: AppContext, caller: Caller, botId: string) {
  return stagingView(ctx, await requireBot(ctx, caller, botId));
}

/** Staging serves `versionId` (or the draft); its id is made on first use and kept afterwards. */
export async function setStaging(ctx: AppContext, caller: Caller, botId: string, versionId: string) {
  const bot = await requireWritableBot(ctx, caller, botId);
  const stagingVersionId = versionId === "draft" ? null : (await requireVersion(ctx, bot.id, versionId)).id;
  const staging = { stagingPublicId: bot.stagingPublicId ?? newStagingPublicId(), stagingVersionId };
  await ctx.bots.setStaging(bot.id, staging);
  return stagingView(ctx, { id: bot.id, ...staging });
}

/** Turns staging off: its id stops answering (a later PUT makes a new one). */
export async function deleteStaging(ctx: AppContext, caller: Caller, botId: string) {
  const bot = await requireWritableBot(ctx, caller, botId);
  await ctx.bots.setStaging(bot.id, { stagingPublicId: null, stagingVersionId: null });
  return { staging: null };
}

/**
 * Publishes what staging serves as a new version, as a publish of the draft or a restore would:
 * running chats finish on their version, new visitors get this one. Staging keeps serving what it did.
 */
export async function promoteStaging(ctx: AppContext, caller: Caller, botId: string, note?: string) {
  const bot = await requireWritableBot(ctx, caller, botId);
  if (!bot.stagingPublicId) throw notFound("This bot has no staging: set it first with PUT …/staging");
  const source = bot.stagingVersionId ? await requireVersion(ctx, bot.id, bot.stagingVersionId) : undefined;
  const promotedNote =
    note || (source ? `Promoted from staging (version ${source.number})` : "Promoted from staging (draft)");
  const { findings, version } = await publishContent(ctx, caller, bot, source ?? bot, promotedNote);
  return { version: toApiVersion(version, version.id), findings };
}
