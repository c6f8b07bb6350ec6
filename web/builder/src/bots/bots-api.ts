import { api, encode } from "../lib/api";
import type { Bot, BotListItem } from "../lib/types";

export const listBots = (workspaceId: string) =>
  api.get<{ bots: BotListItem[] }>(`/api/v1/bots?workspaceId=${encode(workspaceId)}`).then((answer) => answer.bots);

export const createBot = (workspaceId: string, name: string) =>
  api.post<{ bot: Bot }>("/api/v1/bots", { workspaceId, bot: { name } }).then((answer) => answer.bot);

export const getBot = (botId: string) =>
  api.get<{ bot: Bot; currentUserMode: string }>(`/api/v1/bots/${encode(botId)}`);

export const renameBot = (botId: string, name: string) =>
  api.patch<{ bot: Bot }>(`/api/v1/bots/${encode(botId)}`, { bot: { name } }).then((answer) => answer.bot);

export const duplicateBot = (botId: string) =>
  api.post<{ bot: Bot }>(`/api/v1/bots/${encode(botId)}/duplicate`).then((answer) => answer.bot);

export const deleteBot = (botId: string) => api.delete(`/api/v1/bots/${encode(botId)}`);

/** The server converts reference-product exports (older versions, `typebot`-named fields) itself. */
export const importBot = (workspaceId: string, bot: unknown) =>
  api.post<{ bot: Bot }>("/api/v1/bots/import", { workspaceId, bot }).then((answer) => answer.bot);

/** Parley's export: the bot resource as the API returns it, which the import reads back. */
export async function exportBot(botId: string): Promise<{ name: string; json: string }> {
  const { bot } = await getBot(botId);
  return { name: bot.name, json: JSON.stringify(bot, null, 2) };
}
