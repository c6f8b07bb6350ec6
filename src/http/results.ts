import { z } from "zod";
import { idSchema, messageResponseSchema } from "../schemas/common.js";
import {
  analyticsResponseSchema,
  archiveResultsQuerySchema,
  exportResultsQuerySchema,
  listResultsQuerySchema,
  listResultsResponseSchema,
  resultLogsResponseSchema,
  resultParamsSchema,
  resultSchema,
  timeWindowQuerySchema,
  transcriptResponseSchema,
} from "../schemas/result.js";
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
import { defineRoute } from "./route.js";

const botIdParams = z.object({ botId: idSchema });

export function resultRoutes(ctx: AppContext) {
  const tags = ["Results"];
  return [
    defineRoute({
      method: "GET",
      url: "/api/v1/bots/:botId/results",
      summary: "List results, newest first (started, not archived; keyset pages through nextCursor)",
      tags,
      auth: "token",
      params: botIdParams,
      query: listResultsQuerySchema,
      response: listResultsResponseSchema,
      handler: async ({ caller, params, query }) => listResults(ctx, caller!, params.botId, query),
    }),
    defineRoute({
      method: "DELETE",
      url: "/api/v1/bots/:botId/results",
      summary: "Archive results: those of resultIds (comma-separated), or all when omitted",
      tags,
      auth: "token",
      params: botIdParams,
      query: archiveResultsQuerySchema,
      response: messageResponseSchema,
      handler: async ({ caller, params, query }) => archiveResults(ctx, caller!, params.botId, query.resultIds),
    }),
    defineRoute({
      method: "GET",
      url: "/api/v1/bots/:botId/results/export",
      summary: "Export the started results of a time window as a CSV file (streamed)",
      tags,
      auth: "token",
      params: botIdParams,
      query: exportResultsQuerySchema,
      response: z.string().meta({ description: "text/csv" }),
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
      method: "GET",
      url: "/api/v1/bots/:botId/results/:resultId",
      summary: "Read one result",
      tags,
      auth: "token",
      params: resultParamsSchema,
      response: z.object({ result: resultSchema }),
      handler: async ({ caller, params }) => ({ result: await getResult(ctx, caller!, params.botId, params.resultId) }),
    }),
    defineRoute({
      method: "GET",
      url: "/api/v1/bots/:botId/results/:resultId/transcript",
      summary: "What the visitor saw and answered, in order",
      tags,
      auth: "token",
      params: resultParamsSchema,
      response: transcriptResponseSchema,
      handler: async ({ caller, params }) => ({
        transcript: await getResultTranscript(ctx, caller!, params.botId, params.resultId),
      }),
    }),
    defineRoute({
      method: "GET",
      url: "/api/v1/bots/:botId/results/:resultId/logs",
      summary: "The logs of a result, oldest first",
      tags,
      auth: "token",
      params: resultParamsSchema,
      response: resultLogsResponseSchema,
      handler: async ({ caller, params }) => ({
        logs: await getResultLogs(ctx, caller!, params.botId, params.resultId),
      }),
    }),
    defineRoute({
      method: "GET",
      url: "/api/v1/bots/:botId/analytics",
      summary: "Views, starts, completions and drop-offs per input over a time window",
      tags,
      auth: "token",
      params: botIdParams,
      query: timeWindowQuerySchema,
      response: analyticsResponseSchema,
      handler: async ({ caller, params, query }) => getAnalytics(ctx, caller!, params.botId, query),
    }),
  ];
}
