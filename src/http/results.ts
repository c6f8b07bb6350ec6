import type { AppContext } from "../services/context.js";
import {
  archiveResults,
  exportResultsCsv,
  getAnalytics,
  getResult,
  getResultLogs,
  getResultTranscript,
  listResults,
} from "../services/results.js";
import { apiRoutes } from "../schemas/api-routes.js";
import { defineRoute } from "./route.js";

export function resultRoutes(ctx: AppContext) {
  return [
    defineRoute({
      ...apiRoutes.listResults,
      handler: async ({ caller, params, query }) => listResults(ctx, caller!, params.botId, query),
    }),
    defineRoute({
      ...apiRoutes.archiveResults,
      handler: async ({ caller, params, query }) => archiveResults(ctx, caller!, params.botId, query.resultIds),
    }),
    defineRoute({
      ...apiRoutes.exportResults,
      handler: async ({ caller, params, query, reply }) => {
        const { fileName, stream } = await exportResultsCsv(ctx, caller!, params.botId, query);
        return reply
          .header("content-type", "text/csv; charset=utf-8")
          .header("content-disposition", `attachment; filename="${fileName}"`)
          .header("cache-control", "no-store")
          .send(stream);
      },
    }),
    defineRoute({
      ...apiRoutes.getResult,
      handler: async ({ caller, params }) => ({ result: await getResult(ctx, caller!, params.botId, params.resultId) }),
    }),
    defineRoute({
      ...apiRoutes.getTranscript,
      handler: async ({ caller, params }) => getResultTranscript(ctx, caller!, params.botId, params.resultId),
    }),
    defineRoute({
      ...apiRoutes.getResultLogs,
      handler: async ({ caller, params }) => ({
        logs: await getResultLogs(ctx, caller!, params.botId, params.resultId),
      }),
    }),
    defineRoute({
      ...apiRoutes.getAnalytics,
      handler: async ({ caller, params, query }) => getAnalytics(ctx, caller!, params.botId, query),
    }),
  ];
}
