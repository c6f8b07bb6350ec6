import { apiRoutes } from "../schemas/api-routes.js";
import type { AppContext } from "../services/context.js";
import {
  createWebhook,
  deleteWebhook,
  listWebhookDeliveries,
  listWebhooks,
  testWebhook,
  updateWebhook,
} from "../services/webhooks/webhooks.js";
import { Quota } from "./rate-limit/quota.js";
import { defineRoute } from "./route.js";

/** A bot's outbound result webhooks (README "Webhooks"). */
export function webhookRoutes(ctx: AppContext) {
  const testQuota = new Quota(
    () => ctx.config.outbox.webhookTestsPerMinute,
    "webhook test events per minute for one workspace",
  );
  return [
    defineRoute({
      ...apiRoutes.createWebhook,
      handler: async ({ caller, params, body }) => ({
        webhook: await createWebhook(ctx, caller!, params.botId, body),
      }),
    }),
    defineRoute({
      ...apiRoutes.listWebhooks,
      handler: async ({ caller, params }) => ({ webhooks: await listWebhooks(ctx, caller!, params.botId) }),
    }),
    defineRoute({
      ...apiRoutes.updateWebhook,
      handler: async ({ caller, params, body }) => ({
        webhook: await updateWebhook(ctx, caller!, params.botId, params.webhookId, body),
      }),
    }),
    defineRoute({
      ...apiRoutes.deleteWebhook,
      handler: async ({ caller, params }) => deleteWebhook(ctx, caller!, params.botId, params.webhookId),
    }),
    defineRoute({
      ...apiRoutes.listWebhookDeliveries,
      handler: async ({ caller, params, query }) => ({
        deliveries: await listWebhookDeliveries(ctx, caller!, params.botId, params.webhookId, query.limit),
      }),
    }),
    defineRoute({
      ...apiRoutes.testWebhook,
      handler: async ({ caller, params }) => ({
        delivery: await testWebhook(ctx, caller!, params.botId, params.webhookId, testQuota),
      }),
    }),
  ];
}
