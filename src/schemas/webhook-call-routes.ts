import { z } from "zod";
import { idSchema, messageResponseSchema } from "./common.js";
import { route } from "./route-contract.js";

const webhooks = ["Wait for webhook"] as const;

/** Any JSON: the block's `bodyPath` expressions read it as `data`. */
export const webhookCallBodySchema = z
  .unknown()
  .meta({ description: "Any JSON; each of the block's response variable mappings reads it as `data`" });

export const webhookBlockParams = z.object({ botId: idSchema, blockId: idSchema });
export const webhookCallParams = webhookBlockParams.extend({ resultId: idSchema });

/** The wait-for-webhook block's resume routes (README "Wait for webhook"). */
export const webhookCallRouteContracts = {
  executeWebhook: route("executeWebhook", {
    summary:
      "Resume a live chat waiting at a wait-for-webhook block (by its result): the body maps into the block's variables, the chat goes on and the visitor's client receives the next messages",
    tags: webhooks,
    auth: "token",
    // It changes a chat of the workspace: guests may not.
    access: "write",
    params: webhookCallParams,
    body: webhookCallBodySchema,
    response: messageResponseSchema,
  }),
  executeTestWebhook: route("executeTestWebhook", {
    summary: "Resume the bot's newest builder preview waiting at the wait-for-webhook block, as executeWebhook does",
    tags: webhooks,
    auth: "token",
    access: "write",
    params: webhookBlockParams,
    body: webhookCallBodySchema,
    response: messageResponseSchema,
  }),
};
