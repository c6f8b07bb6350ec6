import type { CreatedWebhook, Webhook, WebhookDelivery } from "../../../../../src/schemas/webhooks.js";
import { api } from "../../lib/api";

export type { CreatedWebhook, Webhook, WebhookDelivery };
export type WebhookEvent = Webhook["events"][number];

/** The events a webhook can subscribe to, as the panel names them. */
export const webhookEvents: { value: WebhookEvent; label: string }[] = [
  { value: "result.started", label: "Result started" },
  { value: "result.answer", label: "Each answer" },
  { value: "result.completed", label: "Result completed" },
  { value: "chat.handoff", label: "Chat waits for a person" },
];

export const listWebhooks = (botId: string) =>
  api.call("listWebhooks", { params: { botId } }).then((answer) => answer.webhooks);

export const createWebhook = (botId: string, url: string, events: WebhookEvent[]) =>
  api.call("createWebhook", { params: { botId }, body: { url, events } }).then((answer) => answer.webhook);

export const updateWebhook = (
  botId: string,
  webhookId: string,
  changes: { url?: string; events?: WebhookEvent[]; enabled?: boolean },
) => api.call("updateWebhook", { params: { botId, webhookId }, body: changes }).then((answer) => answer.webhook);

export const deleteWebhook = (botId: string, webhookId: string) =>
  api.call("deleteWebhook", { params: { botId, webhookId } });

export const listDeliveries = (botId: string, webhookId: string) =>
  api
    .call("listWebhookDeliveries", { params: { botId, webhookId }, query: { limit: 20 } })
    .then((answer) => answer.deliveries);

export const sendTestEvent = (botId: string, webhookId: string) =>
  api.call("testWebhook", { params: { botId, webhookId } }).then((answer) => answer.delivery);
