import { api } from "../lib/api";
import type { ResultsTablePreferences, TimeFilter } from "../lib/types";

export const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";

/**
 * Which chats the table or the analytics count: "" every visitor's, a version's id only the visitors'
 * chats on that version, "staging" only the chats on the bot's staging link.
 */
export type ResultScope = string;
export const STAGING_SCOPE = "staging";

const scopeQuery = (scope: ResultScope) =>
  scope === STAGING_SCOPE ? { staging: "true" as const } : scope ? { versionId: scope } : {};

/** Each page also says what its results' chats ran on (`ranOn`). */
export const listResults = (botId: string, timeFilter: TimeFilter, scope: ResultScope, cursor?: string) =>
  api.call("listResults", {
    params: { botId },
    query: { limit: 50, timeFilter, timeZone: timeZone(), cursor, ...scopeQuery(scope), withRanOn: "true" },
  });

export const archiveResults = (botId: string, ids: string[]) =>
  api.call("archiveResults", { params: { botId }, query: { resultIds: ids.join(",") } });

export const getResult = (botId: string, resultId: string) =>
  api.call("getResult", { params: { botId, resultId } }).then((answer) => answer.result);

/** The conversation, and the version (and whether staging) it ran on. */
export const transcript = (botId: string, resultId: string) =>
  api.call("getTranscript", { params: { botId, resultId } });

export const savePreferences = (botId: string, preferences: ResultsTablePreferences) =>
  api.call("updateBot", { params: { botId }, body: { bot: { resultsTablePreferences: preferences } } });

export const exportUrl = (botId: string, timeFilter: TimeFilter) =>
  api.url("exportResults", { params: { botId }, query: { format: "csv", timeFilter, timeZone: timeZone() } });

export const getAnalytics = (botId: string, timeFilter: TimeFilter, scope: ResultScope = "") =>
  api.call("getAnalytics", { params: { botId }, query: { timeFilter, timeZone: timeZone(), ...scopeQuery(scope) } });
