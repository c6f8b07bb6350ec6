import { api } from "../lib/api";
import type { ResultsTablePreferences, TimeFilter } from "../lib/types";

export const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";

/** `versionId` "": every version's results. Each page says what its results' chats ran on (`ranOn`). */
export const listResults = (botId: string, timeFilter: TimeFilter, versionId: string, cursor?: string) =>
  api.call("listResults", {
    params: { botId },
    query: {
      limit: 50,
      timeFilter,
      timeZone: timeZone(),
      cursor,
      versionId: versionId || undefined,
      withRanOn: "true",
    },
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

/** `versionId` "": every version's chats. */
export const getAnalytics = (botId: string, timeFilter: TimeFilter, versionId = "") =>
  api.call("getAnalytics", {
    params: { botId },
    query: { timeFilter, timeZone: timeZone(), versionId: versionId || undefined },
  });
