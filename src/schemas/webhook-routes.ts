import { z } from "zod";
import { idSchema, messageResponseSchema } from "./common.js";
import { route } from "./route-contract.js";
import {
  createdWebhookSchema,
  webhookCreateInputSchema,
  webhookDeliveriesQuerySchema,
  webhookDeliverySchema,
  webhookSchema,
  webhookUpdateInputSchema,
} from "./webhooks.js";

const tags = ["Webhooks"] as const;
const botParams = z.object({ botId: idSchema });
const webhookParams = z.object({ botId: idSchema, webhookId: idSchema });

/** A bot's outbound result webhooks (README "Webhooks"): signed per Standard Webhooks, delivered by the outbox. */
export const webhookRouteContracts = {
  createWebhook: route("createWebhook", {
    summary: "Subscribe a URL to the bot's result events; the answer carries the signing secret, shown only here",
    tags,
    auth: "token",
    access: "write",
    params: botParams,
    body: webhookCreateInputSchema,
    response: z.object({ webhook: createdWebhookSchema }),
  }),
  listWebhooks: route("listWebhooks", {
    summary: "The bot's webhooks (without secrets), with why Parley disabled one",
    tags,
    auth: "token",
    access: "read",
    params: botParams,
    response: z.object({ webhooks: z.array(webhookSchema) }),
  }),
  updateWebhook: route("updateWebhook", {
    summary: "Change a webhook's URL or events, or enable/disable it (enabling clears the disabled state)",
    tags,
    auth: "token",
    access: "write",
    params: webhookParams,
    body: webhookUpdateInputSchema,
    response: z.object({ webhook: webhookSchema }),
  }),
  deleteWebhook: route("deleteWebhook", {
    summary: "Delete a webhook and its finished deliveries",
    tags,
    auth: "token",
    access: "write",
    params: webhookParams,
    response: messageResponseSchema,
  }),
  listWebhookDeliveries: route("listWebhookDeliveries", {
    summary: "A webhook's latest deliveries, latest first: status, last status code, attempts, next attempt, error",
    tags,
    auth: "token",
    access: "read",
    params: webhookParams,
    query: webhookDeliveriesQuerySchema,
    response: z.object({ deliveries: z.array(webhookDeliverySchema) }),
  }),
  testWebhook: route("testWebhook", {
    summary: "Send a sample event (webhook.test) the way real ones go; answers with its delivery, pending",
    tags,
    auth: "token",
    access: "write",
    params: webhookParams,
    response: z.object({ delivery: webhookDeliverySchema }),
  }),
};
