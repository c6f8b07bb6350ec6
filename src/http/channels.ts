import type { FastifyInstance } from "fastify";
import { apiRoutes } from "../schemas/api-routes.js";
import type { AppContext } from "../services/context.js";
import { answerHandshake, connectChannel, receiveWebhook } from "../services/channels/channel-webhook.js";
import { defineRoute } from "./route.js";
import { responseCheckHook } from "./response-check.js";
import { parseInput } from "./validate.js";

export function channelRoutes(ctx: AppContext) {
  return [
    defineRoute({
      ...apiRoutes.connectChannel,
      handler: async ({ caller, params }) => connectChannel(ctx, caller!, params.workspaceId, params.credentialsId),
    }),
  ];
}

const header = (value: string | string[] | undefined) => (typeof value === "string" ? value : undefined);

/** The apps' webhook: its own plug-in, since a WhatsApp signature covers the body's exact bytes. */
export function channelWebhookRoutes(ctx: AppContext) {
  return async function channelWebhooks(app: FastifyInstance) {
    app.removeContentTypeParser("application/json");
    app.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) => done(null, body));
    const handshake = apiRoutes.channelHandshake;
    app.get(
      handshake.url,
      { preSerialization: ctx.config.checkResponses ? responseCheckHook(handshake) : undefined },
      async (request, reply) => {
        const params = parseInput(handshake.params, request.params, "params");
        const query = parseInput(handshake.query, request.query ?? {}, "query");
        const challenge = await answerHandshake(ctx, params.workspaceId, params.credentialsId, query);
        return reply.type("text/plain; charset=utf-8").send(challenge);
      },
    );
    const webhook = apiRoutes.channelWebhook;
    app.post(
      webhook.url,
      { preSerialization: ctx.config.checkResponses ? responseCheckHook(webhook) : undefined },
      async (request) => {
        const params = parseInput(webhook.params, request.params, "params");
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        await receiveWebhook(
          ctx,
          params.workspaceId,
          params.credentialsId,
          body,
          {
            signature: header(request.headers["x-hub-signature-256"]),
            secretToken: header(request.headers["x-telegram-bot-api-secret-token"]),
          },
          {
            // Attachment URLs reach the flow (and from there webhooks, e-mails…): PUBLIC_URL's, whatever the Host.
            publicBase: ctx.config.publicUrl,
            onError: (error, where) => app.log.error({ err: error, ...where }, "messaging-app turn failed"),
          },
        );
        return { message: "Message received" };
      },
    );
  };
}
