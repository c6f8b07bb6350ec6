import { api, encode } from "../lib/api";
import type { Result, ResultsTablePreferences, TimeFilter, TranscriptMessage } from "../lib/types";

export const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";

export const listResults = (botId: string, timeFilter: TimeFilter, cursor?: string) =>
  api.get<{ results: Result[]; nextCursor?: string }>(
    `/api/v1/bots/${encode(botId)}/results?limit=50&timeFilter=${timeFilter}&timeZone=${encode(timeZone())}${cursor ? `&cursor=${encode(cursor)}` : ""}`,
  );

export const archiveResults = (botId: string, ids: string[]) =>
  api.delete(`/api/v1/bots/${encode(botId)}/results?resultIds=${encode(ids.join(","))}`);

export const transcript = (botId: string, resultId: string) =>
  api
    .get<{ transcript: TranscriptMessage[] }>(`/api/v1/bots/${encode(botId)}/results/${encode(resultId)}/transcript`)
    .then((answer) => answer.transcript);

export const savePreferences = (botId: string, preferences: ResultsTablePreferences) =>
  api.patch(`/api/v1/bots/${encode(botId)}`, { bot: { resultsTablePreferences: preferences } });

export const exportUrl = (botId: string, timeFilter: TimeFilter) =>
  `/api/v1/bots/${encode(botId)}/results/export?format=csv&timeFilter=${timeFilter}&timeZone=${encode(timeZone())}`;
