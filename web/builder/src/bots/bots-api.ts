import { api } from "../lib/api";

export const listBots = (workspaceId: string) =>
  api.call("listBots", { query: { workspaceId } }).then((answer) => answer.bots);

export const createBot = (workspaceId: string, name: string, folderId: string | null = null) =>
  api.call("createBot", { body: { workspaceId, bot: { name, folderId } } }).then((answer) => answer.bot);

export const getBot = (botId: string) => api.call("getBot", { params: { botId } });

export const renameBot = (botId: string, name: string) =>
  api.call("updateBot", { params: { botId }, body: { bot: { name } } }).then((answer) => answer.bot);

export const duplicateBot = (botId: string) =>
  api.call("duplicateBot", { params: { botId } }).then((answer) => answer.bot);

export const deleteBot = (botId: string) => api.call("deleteBot", { params: { botId } });

/**
 * The server converts reference-product exports (older versions, `typebot`-named fields) itself, and
 * answers 400 with its reason when the file's JSON is not a bot at all.
 */
export const importBot = (workspaceId: string, bot: unknown) =>
  api.call("importBot", { body: { workspaceId, bot: bot as Record<string, unknown> } });

/** Parley's export: the bot resource as the API returns it, which the import reads back. */
export async function exportBot(botId: string): Promise<{ name: string; json: string }> {
  const { bot } = await getBot(botId);
  return { name: bot.name, json: JSON.stringify(bot, null, 2) };
}
