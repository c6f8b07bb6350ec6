import { Readable } from "node:stream";
import { AppError, notFound } from "../errors.js";
import { JsonText } from "../lib/json-text.js";
import { GUEST_READ_ONLY } from "./auth/write-access.js";
import { deleteResultUploads } from "./files/upload-records.js";
import type { RuntimeBot } from "../engine/runtime-bot.js";
import type { ResultsTablePreferences } from "../schemas/bot.js";
import type {
  Analytics,
  AnalyticsQuery,
  ListResultsQuery,
  ListResultsResponse,
  RanOn,
  Result,
  TimeFilter,
  TranscriptMessage,
  TranscriptNote,
} from "../schemas/result.js";
import type { ResultRow } from "../store/database.js";
import type { Caller } from "../store/users-repository.js";
import { storedDocument, toBotDocument } from "./bot-view.js";
import { requireBot } from "./bots.js";
import { parseRuntimeBot } from "./chat/runtime-bot-cache.js";
import { loadPublishedBot } from "./chat/bot-loader.js";
import type { AppContext } from "./context.js";
import { orderColumns, resultColumns } from "./results/csv-columns.js";
import { createCsvRowWriter, exportFileName } from "./results/csv-export.js";
import { decodeCursor, encodeCursor } from "./results/cursor.js";
import { toApiResult } from "./results/result-view.js";
import { timeBounds } from "./results/time-window.js";
import { replayTranscript, visitorSteps } from "./results/transcript.js";
import { handOffAnalytics, resultHandOffs, transcriptHandOffs } from "./results/handoff-view.js";

type TimeWindow = { timeFilter: TimeFilter; timeZone: string };

/** Rows per export batch: large enough to amortise the two queries, small enough to keep memory flat. */
export const EXPORT_BATCH_SIZE = 500;

const windowBounds = (ctx: AppContext, window: TimeWindow) =>
  timeBounds(window.timeFilter, window.timeZone, ctx.ports.clock.now());

/** Readers of results: any member of the bot's workspace (guests included). */
const requireResultsReader = requireBot;

/** Archiving changes data: guests may read results but not archive them. */
async function requireResultsWriter(ctx: AppContext, caller: Caller, botId: string) {
  const bot = await requireBot(ctx, caller, botId);
  if (bot.role === "GUEST") throw new AppError("FORBIDDEN", GUEST_READ_ONLY);
  return bot;
}

async function requireResult(ctx: AppContext, botId: string, resultId: string): Promise<ResultRow> {
  const result = await ctx.results.findLive(botId, resultId);
  if (!result) throw notFound("Result not found");
  return result;
}

/** A result's latest hand-off to a person, when it had one. */
const withHandOff = (result: Result, handOffs: Map<string, NonNullable<Result["handOff"]>>): Result => {
  const handOff = handOffs.get(result.id);
  return handOff ? { ...result, handOff } : result;
};

/** Operation 10: started, non-archived results newest first, one keyset page at a time. */
export async function listResults(
  ctx: AppContext,
  caller: Caller,
  botId: string,
  query: ListResultsQuery,
): Promise<JsonText<ListResultsResponse>> {
  await requireResultsReader(ctx, caller, botId);
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  const rows = await ctx.results.listStartedAsJson(botId, windowBounds(ctx, query), after, query.limit + 1, {
    versionId: query.versionId,
    staging: query.staging,
  });
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  // The results' texts as the database composed them; the page's other fields around them.
  let text = `{"results":[${page.map((row) => row.json).join(",")}]`;
  if (rows.length > query.limit && last)
    text += `,"nextCursor":${JSON.stringify(encodeCursor({ createdAt: last.createdAt, id: last.id }))}`;
  if (query.withRanOn) text += `,"ranOn":${JSON.stringify(await ranOnOf(ctx, page))}`;
  return new JsonText(`${text}}`);
}

/** What each result's chat ran on: its version's number read once for the page. */
async function ranOnOf(
  ctx: AppContext,
  results: Pick<ResultRow, "id" | "botVersionId" | "isStaging">[],
): Promise<Record<string, RanOn>> {
  const versionIds = [...new Set(results.flatMap((result) => (result.botVersionId ? [result.botVersionId] : [])))];
  const numbers = await ctx.bots.versionNumbers(versionIds);
  return Object.fromEntries(
    results.map((result) => [
      result.id,
      {
        versionId: result.botVersionId,
        number: result.botVersionId ? (numbers.get(result.botVersionId) ?? null) : null,
        isStaging: result.isStaging === 1,
      },
    ]),
  );
}

/** Operation 11. */
export async function getResult(ctx: AppContext, caller: Caller, botId: string, resultId: string): Promise<Result> {
  await requireResultsReader(ctx, caller, botId);
  const found = await ctx.results.findWithAnswers(botId, resultId);
  if (!found) throw notFound("Result not found");
  return withHandOff(toApiResult(found.result, found.answers), await resultHandOffs(ctx, [resultId]));
}

export async function archiveResults(
  ctx: AppContext,
  caller: Caller,
  botId: string,
  resultIds: string[] | undefined,
): Promise<{ message: string }> {
  await requireResultsWriter(ctx, caller, botId);
  // Archived results keep no files: their uploads are deleted with them (this bot's results only).
  let query = ctx.store.db.selectFrom("results").select("id").where("botId", "=", botId);
  if (resultIds) query = query.where("id", "in", resultIds.length > 0 ? resultIds : [""]);
  const archived = (await query.execute()).map((row) => row.id);
  await ctx.results.archive(botId, resultIds);
  await deleteResultUploads(ctx, archived);
  return { message: "success" };
}

export async function getResultLogs(ctx: AppContext, caller: Caller, botId: string, resultId: string) {
  await requireResultsReader(ctx, caller, botId);
  await requireResult(ctx, botId, resultId);
  const rows = await ctx.results.logsOf(resultId);
  return rows.map((row) => ({
    status: row.status,
    description: row.description,
    ...(row.details !== null ? { details: parseDetails(row.details) } : {}),
    ...(row.context !== null ? { context: row.context } : {}),
    createdAt: row.createdAt,
  }));
}

/** Details are stored as text: JSON objects come back as objects, anything else as the text it was. */
function parseDetails(details: string): unknown {
  try {
    const parsed: unknown = JSON.parse(details);
    return parsed !== null && typeof parsed === "object" ? parsed : details;
  } catch {
    return details;
  }
}

/** The flow a result ran on: its pinned published version, else the bot as it is now. */
async function botOfResult(
  ctx: AppContext,
  bot: Awaited<ReturnType<typeof requireBot>>,
  result: ResultRow,
): Promise<RuntimeBot> {
  if (result.botVersionId) {
    try {
      return (await loadPublishedBot(ctx, bot.id, result.botVersionId)).bot;
    } catch {
      // The version is gone or no longer parses: fall back to the current draft.
    }
  }
  return parseRuntimeBot(bot.id, toBotDocument(bot));
}

export async function getResultTranscript(
  ctx: AppContext,
  caller: Caller,
  botId: string,
  resultId: string,
): Promise<{ transcript: TranscriptMessage[]; notes: TranscriptNote[]; ranOn: RanOn }> {
  const bot = await requireResultsReader(ctx, caller, botId);
  const found = await ctx.results.findWithAnswers(botId, resultId);
  if (!found) throw notFound("Result not found");
  const runtimeBot = await botOfResult(ctx, bot, found.result);
  const idles = await ctx.results.idleLogsOf(resultId);
  const { botVersionId, isStaging } = found.result;
  const version = botVersionId ? await ctx.bots.findVersion(botVersionId) : undefined;
  const steps = visitorSteps(found.answers, idles);
  const { handOffs, notes } = await transcriptHandOffs(ctx, resultId);
  return {
    transcript: await replayTranscript(runtimeBot, found.result, steps, ctx.ports.bots, handOffs),
    notes,
    ranOn: { versionId: botVersionId, number: version?.number ?? null, isStaging: isStaging === 1 },
  };
}

/**
 * Views are results created (every public start creates one), starts are results with an answer,
 * drop-offs are started, unfinished results per input they were left waiting on.
 */
export async function getAnalytics(
  ctx: AppContext,
  caller: Caller,
  botId: string,
  query: AnalyticsQuery,
): Promise<Analytics> {
  const bot = await requireResultsReader(ctx, caller, botId);
  const bounds = windowBounds(ctx, query);
  const scope = { versionId: query.versionId, staging: query.staging };
  const [counts, dropOffs, idleTimeouts, handOffs] = await Promise.all([
    ctx.results.counts(botId, bounds, scope),
    ctx.results.dropOffs(botId, bounds, scope),
    ctx.results.idleTimeoutCounts(botId, bounds, scope),
    handOffAnalytics(ctx, bot, bounds, scope),
  ]);
  return { ...counts, dropOffs, idleTimeouts, handOffs };
}

/**
 * The started results of the window as CSV, newest first. The rows are produced a batch at a time
 * as the client reads them (the stream pulls the next batch only when the socket drained), so an
 * export of a million results holds one batch in memory.
 */
export async function exportResultsCsv(
  ctx: AppContext,
  caller: Caller,
  botId: string,
  window: TimeWindow,
): Promise<{ fileName: string; stream: Readable }> {
  const bot = await requireResultsReader(ctx, caller, botId);
  const preferences = bot.resultsTablePreferences
    ? (JSON.parse(bot.resultsTablePreferences) as Partial<ResultsTablePreferences>)
    : null;
  const columns = orderColumns(resultColumns(storedDocument(bot)), preferences);
  const writer = createCsvRowWriter(columns, window.timeZone);
  const batches = ctx.results.iterateStarted(botId, windowBounds(ctx, window), EXPORT_BATCH_SIZE);
  async function* lines() {
    yield writer.header;
    for await (const batch of batches) yield writer.rows(batch);
  }
  return {
    fileName: exportFileName(bot.name),
    stream: Readable.from(lines(), { objectMode: false, highWaterMark: 64 * 1024 }),
  };
}
