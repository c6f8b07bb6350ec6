import { api, encode } from "../lib/api";
import type { Analytics, LintFinding } from "../lib/types";

export const lintBot = (botId: string) =>
  api.post<{ findings: LintFinding[] }>(`/api/v1/bots/${encode(botId)}/lint`).then((answer) => answer.findings ?? []);

export const publishBot = (botId: string) =>
  api.post<{ message: string; publicId: string; findings?: LintFinding[] }>(`/api/v1/bots/${encode(botId)}/publish`);

export const unpublishBot = (botId: string) => api.post(`/api/v1/bots/${encode(botId)}/unpublish`);

export const publishedState = (botId: string) =>
  api.get<{ publishedBot: { updatedAt: string } }>(`/api/v1/bots/${encode(botId)}/publishedBot`).then(
    (answer) => answer.publishedBot,
    () => undefined,
  );

export const loadAnalytics = (botId: string) =>
  api.get<Analytics>(
    `/api/v1/bots/${encode(botId)}/analytics?timeFilter=allTime&timeZone=${encode(Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC")}`,
  );
