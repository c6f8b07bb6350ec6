import type { FastifyInstance } from "fastify";
import { apiRoutes } from "../schemas/api-routes.js";
import type { AppContext } from "../services/context.js";
import { exportTranslationsCsv, importTranslationsCsv } from "../services/translations.js";
import { BOT_BODY_LIMIT } from "./bots.js";
import { defineRoute } from "./route.js";

/** A translations CSV arrives as text; it is parsed by the service, which names the faulty row. */
export function addCsvBodyParser(app: FastifyInstance): void {
  app.addContentTypeParser("text/csv", { parseAs: "string" }, (_request, body, done) => done(null, body));
}

/** Translators' round trip: the bot's texts out as CSV, back in from the same CSV. */
export function translationRoutes(ctx: AppContext) {
  return [
    defineRoute({
      ...apiRoutes.exportTranslations,
      handler: async ({ caller, params, reply }) => {
        const { fileName, csv } = await exportTranslationsCsv(ctx, caller!, params.botId);
        return reply
          .header("content-type", "text/csv; charset=utf-8")
          .header("content-disposition", `attachment; filename="${fileName}"`)
          .header("cache-control", "no-store")
          .send(csv);
      },
    }),
    defineRoute({
      ...apiRoutes.importTranslations,
      bodyLimit: BOT_BODY_LIMIT,
      handler: async ({ caller, params, body }) => importTranslationsCsv(ctx, caller!, params.botId, body),
    }),
  ];
}
