import { api } from "../lib/api";

export const lintBot = (botId: string) =>
  api.call("lintBot", { params: { botId } }).then((answer) => answer.findings ?? []);

export const publishBot = (botId: string) => api.call("publishBot", { params: { botId } });

export const unpublishBot = (botId: string) => api.call("unpublishBot", { params: { botId } });

export const publishedState = (botId: string) =>
  api.call("getPublishedBot", { params: { botId } }).then(
    (answer) => answer.publishedBot,
    () => undefined,
  );

export const loadAnalytics = (botId: string) =>
  api.call("getAnalytics", {
    params: { botId },
    query: { timeFilter: "allTime", timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC" },
  });
