import type { Analytics, Result, TranscriptMessage, TranscriptNote } from "../../schemas/result.js";
import type { HandoffRow, InboxMessageRow } from "../../store/handoffs-repository.js";
import type { ResultScope, TimeBounds } from "../../store/results-repository.js";
import type { AppContext } from "../context.js";
import { handoffsOf } from "../inbox/handoff-turns.js";

/** A hand-off as the transcript tells it: what was said while a person had the chat, and how it ended. */
export type TranscriptHandOff = { row: HandoffRow; messages: InboxMessageRow[] };

/** Each result's latest hand-off, for the results table (a result without one is not in the map). */
export async function resultHandOffs(
  ctx: AppContext,
  resultIds: readonly string[],
): Promise<Map<string, NonNullable<Result["handOff"]>>> {
  const latest = new Map<string, NonNullable<Result["handOff"]>>();
  // Oldest first: the latest one of each result is written last.
  for (const row of await handoffsOf(ctx).ofResults(resultIds))
    if (row.resultId) latest.set(row.resultId, { status: row.status, operatorName: row.operatorName });
  return latest;
}

/** The result's hand-offs with their messages, oldest first, and the team's notes kept apart. */
export async function transcriptHandOffs(
  ctx: AppContext,
  resultId: string,
): Promise<{ handOffs: TranscriptHandOff[]; notes: TranscriptNote[] }> {
  const rows = await handoffsOf(ctx).ofResults([resultId]);
  const messages = await handoffsOf(ctx).messagesOf(rows.map((row) => row.id));
  const notes: TranscriptNote[] = messages
    .filter((message) => message.author === "note")
    .map((message) => ({
      handoffId: message.handoffId,
      name: message.authorName,
      text: message.text ?? message.fileUrl ?? "",
      createdAt: message.createdAt,
    }));
  const handOffs = rows.map((row) => ({
    row,
    messages: messages.filter((message) => message.handoffId === row.id && message.author !== "note"),
  }));
  return { handOffs, notes };
}

/**
 * What happened while a person had the chat, as transcript messages: who joined, each message by its
 * author (the operator by name), then how it ended. Only the messages while it is still open.
 */
export function handOffMessages({ row, messages }: TranscriptHandOff): TranscriptMessage[] {
  const name = row.operatorName ?? "An operator";
  const said: TranscriptMessage[] = [];
  const joined: TranscriptMessage = { role: "operator", type: "joined", name, text: `${name} joined the chat` };
  for (const message of messages) {
    // Messages the visitor wrote before anyone took the chat come before the joined line.
    if (row.takenAt && message.createdAt >= row.takenAt && !said.includes(joined)) said.push(joined);
    const role = message.author === "operator" ? "operator" : "user";
    const author = role === "operator" ? { name: message.authorName ?? name } : {};
    if (message.text) said.push({ role, type: "text", ...author, text: message.text });
    if (message.fileUrl) said.push({ role, type: "text", ...author, text: message.fileUrl });
  }
  if (row.takenAt && !said.includes(joined)) said.push(joined);
  if (row.status === "handed_back")
    said.push({ role: "operator", type: "handedBack", name, text: `${name} handed the chat back to the bot` });
  else if (row.status === "closed")
    said.push({ role: "operator", type: "closed", ...(row.operatorName ? { name } : {}), text: "The chat was closed" });
  else if (row.status === "timed_out")
    said.push({ role: "bot", type: "noOperator", text: "Nobody took the chat in time" });
  return said;
}

const seconds = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 1000;
const round = (value: number) => Math.round(value * 10) / 10;

function averageAndMedian(values: number[]): { average: number | null; median: number | null } {
  if (values.length === 0) return { average: null, median: null };
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return { average: round(values.reduce((sum, value) => sum + value, 0) / values.length), median: round(median) };
}

/** Hand-offs of the window's results: how many, how many taken, and how long people waited (seconds). */
export async function handOffAnalytics(
  ctx: AppContext,
  bot: { id: string; workspaceId: string },
  bounds: TimeBounds,
  scope: ResultScope,
): Promise<Analytics["handOffs"]> {
  const rows = await handoffsOf(ctx).timesOf(bot, bounds, scope);
  const taken = rows.filter((row) => row.takenAt !== null);
  return {
    total: rows.length,
    taken: taken.length,
    waitToTakeSeconds: averageAndMedian(taken.map((row) => seconds(row.requestedAt, row.takenAt!))),
    firstReplySeconds: averageAndMedian(
      rows.filter((row) => row.firstReplyAt !== null).map((row) => seconds(row.requestedAt, row.firstReplyAt!)),
    ),
  };
}
