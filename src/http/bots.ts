import { z } from "zod";
import { botCreateInputSchema, botSchema, botUpdateInputSchema, publishedBotSchema } from "../schemas/bot.js";
import { booleanQuerySchema, idSchema, messageResponseSchema } from "../schemas/common.js";
import { lintFindingsSchema } from "../schemas/lint.js";
import type { AppContext } from "../services/context.js";
import {
  createBot,
  deleteBot,
  getBot,
  getPublishedBot,
  listBots,
  publishBot,
  unpublishBot,
  updateBot,
} from "../services/bots.js";
import { defineRoute } from "./route.js";

/** Bot documents may be large; the rest of the API keeps the default 1 MiB. */
export const BOT_BODY_LIMIT = 2 * 1024 * 1024;

const botIdParams = z.object({ botId: idSchema });
const migrateQuery = z.object({ migrateToLatestVersion: booleanQuerySchema.optional() });

const botListItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  icon: z.string().nullable(),
  folderId: z.string().nullable(),
  publicId: z.string().nullable(),
  workspaceId: z.string(),
  isClosed: z.boolean(),
  isPublished: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export function botRoutes(ctx: AppContext) {
  const tags = ["Bots"];
  return [
    defineRoute({
      method: "POST",
      url: "/api/v1/bots",
      summary: "Create a bot",
      tags,
      auth: "token",
      bodyLimit: BOT_BODY_LIMIT,
      body: z.object({ workspaceId: idSchema, bot: botCreateInputSchema.optional() }),
      response: z.object({ bot: botSchema }),
      handler: async ({ caller, body }) => ({ bot: await createBot(ctx, caller!, body.workspaceId, body.bot) }),
    }),
    defineRoute({
      method: "GET",
      url: "/api/v1/bots",
      summary: "List the bots of a workspace (without their flows)",
      tags,
      auth: "token",
      query: z.object({ workspaceId: idSchema, folderId: idSchema.optional() }),
      response: z.object({ bots: z.array(botListItemSchema) }),
      handler: async ({ caller, query }) => ({ bots: await listBots(ctx, caller!, query.workspaceId, query.folderId) }),
    }),
    defineRoute({
      method: "GET",
      url: "/api/v1/bots/:botId",
      summary: "Read a bot",
      tags,
      auth: "optional",
      params: botIdParams,
      query: migrateQuery,
      response: z.object({ bot: botSchema, currentUserMode: z.enum(["guest", "read", "write"]) }),
      // Stored bots are upgraded to the latest schema when written, so the flag has nothing left to do.
      handler: async ({ caller, params }) => getBot(ctx, caller, params.botId),
    }),
    defineRoute({
      method: "PATCH",
      url: "/api/v1/bots/:botId",
      summary: "Update a bot (omitted fields unchanged, null clears, arrays replace)",
      tags,
      auth: "token",
      bodyLimit: BOT_BODY_LIMIT,
      params: botIdParams,
      body: z.object({ bot: botUpdateInputSchema, overwrite: z.boolean().optional() }),
      response: z.object({ bot: botSchema }),
      handler: async ({ caller, params, body }) => ({
        bot: await updateBot(ctx, caller!, params.botId, body.bot, body.overwrite ?? false),
      }),
    }),
    defineRoute({
      method: "DELETE",
      url: "/api/v1/bots/:botId",
      summary: "Delete a bot (archived with its results; its public id is freed)",
      tags,
      auth: "token",
      params: botIdParams,
      response: messageResponseSchema,
      handler: async ({ caller, params }) => {
        await deleteBot(ctx, caller!, params.botId);
        return { message: "success" };
      },
    }),
    defineRoute({
      method: "GET",
      url: "/api/v1/bots/:botId/publishedBot",
      summary: "Read the published bot",
      tags,
      auth: "token",
      params: botIdParams,
      query: migrateQuery,
      response: z.object({ publishedBot: publishedBotSchema, version: z.string() }),
      handler: async ({ caller, params }) => getPublishedBot(ctx, caller!, params.botId),
    }),
    defineRoute({
      method: "POST",
      url: "/api/v1/bots/:botId/publish",
      summary:
        "Publish the draft as a new immutable version; the answer lists the publish check's findings (never blocking)",
      tags,
      auth: "token",
      params: botIdParams,
      response: z.object({ message: z.string(), publicId: z.string(), findings: lintFindingsSchema }),
      handler: async ({ caller, params }) => publishBot(ctx, caller!, params.botId),
    }),
    defineRoute({
      method: "POST",
      url: "/api/v1/bots/:botId/unpublish",
      summary: "Unpublish a bot",
      tags,
      auth: "token",
      params: botIdParams,
      response: messageResponseSchema,
      handler: async ({ caller, params }) => unpublishBot(ctx, caller!, params.botId),
    }),
  ];
}
