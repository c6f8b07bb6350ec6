import type { AppContext } from "../services/context.js";
import {
  createBot,
  deleteBot,
  getBot,
  getPublishedBot,
  getPublishState,
  listBots,
  publishBot,
  unpublishBot,
  updateBot,
} from "../services/bots.js";
import { apiRoutes } from "../schemas/api-routes.js";
import { diffVersion, getVersion, listVersions, restoreVersion } from "../services/versions/versions.js";
import { deleteStaging, getStaging, promoteStaging, setStaging } from "../services/versions/staging.js";
import { defineRoute } from "./route.js";

/** Bot documents may be large; the rest of the API keeps the default 1 MiB. */
export const BOT_BODY_LIMIT = 2 * 1024 * 1024;

export function botRoutes(ctx: AppContext) {
  return [
    defineRoute({
      ...apiRoutes.createBot,
      bodyLimit: BOT_BODY_LIMIT,
      handler: async ({ caller, body }) => ({ bot: await createBot(ctx, caller!, body.workspaceId, body.bot) }),
    }),
    defineRoute({
      ...apiRoutes.listBots,
      handler: async ({ caller, query }) => ({ bots: await listBots(ctx, caller!, query.workspaceId, query.folderId) }),
    }),
    defineRoute({
      ...apiRoutes.getBot,
      // Stored bots are upgraded to the latest schema when written, so the flag has nothing left to do.
      handler: async ({ caller, params }) => getBot(ctx, caller, params.botId),
    }),
    defineRoute({
      ...apiRoutes.updateBot,
      bodyLimit: BOT_BODY_LIMIT,
      handler: async ({ caller, params, body }) => ({
        bot: await updateBot(ctx, caller!, params.botId, body.bot, body.overwrite ?? false),
      }),
    }),
    defineRoute({
      ...apiRoutes.deleteBot,
      handler: async ({ caller, params }) => {
        await deleteBot(ctx, caller!, params.botId);
        return { message: "success" };
      },
    }),
    defineRoute({
      ...apiRoutes.getPublishedBot,
      handler: async ({ caller, params }) => getPublishedBot(ctx, caller!, params.botId),
    }),
    defineRoute({
      ...apiRoutes.getPublishState,
      handler: async ({ caller, params }) => getPublishState(ctx, caller!, params.botId),
    }),
    defineRoute({
      ...apiRoutes.publishBot,
      handler: async ({ caller, params, body }) => publishBot(ctx, caller!, params.botId, body?.note),
    }),
    defineRoute({
      ...apiRoutes.unpublishBot,
      handler: async ({ caller, params }) => unpublishBot(ctx, caller!, params.botId),
    }),
    defineRoute({
      ...apiRoutes.listVersions,
      handler: async ({ caller, params, query }) => listVersions(ctx, caller!, params.botId, query),
    }),
    defineRoute({
      ...apiRoutes.getVersion,
      handler: async ({ caller, params }) => getVersion(ctx, caller!, params.botId, params.versionId),
    }),
    defineRoute({
      ...apiRoutes.diffVersion,
      handler: async ({ caller, params, query }) => diffVersion(ctx, caller!, params.botId, params.versionId, query.to),
    }),
    defineRoute({
      ...apiRoutes.restoreVersion,
      handler: async ({ caller, params, body }) => restoreVersion(ctx, caller!, params.botId, params.versionId, body),
    }),
    defineRoute({
      ...apiRoutes.getStaging,
      handler: async ({ caller, params }) => getStaging(ctx, caller!, params.botId),
    }),
    defineRoute({
      ...apiRoutes.setStaging,
      handler: async ({ caller, params, body }) => setStaging(ctx, caller!, params.botId, body.versionId),
    }),
    defineRoute({
      ...apiRoutes.deleteStaging,
      handler: async ({ caller, params }) => deleteStaging(ctx, caller!, params.botId),
    }),
    defineRoute({
      ...apiRoutes.promoteStaging,
      handler: async ({ caller, params, body }) => promoteStaging(ctx, caller!, params.botId, body.note),
    }),
  ];
}
