import { z } from "zod";

/** What a result webhook can subscribe to (README "Webhooks" describes each payload). */
export const webhookEventTypes = ["result.started", "result.answer", "result.completed", "chat.handoff"] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];
/** The type of the sample event `POST …/test` sends. */
export const WEBHOOK_TEST_EVENT = "webhook.test";

const urlSchema = z
  .string()
  .trim()
  .min(1)
  .max(2000)
  .refine((text) => {
    try {
      const url = new URL(text);
      return url.protocol === "http:" || url.protocol === "https:";
    } catch {
      return false;
    }
  }, "Must be an http or https URL");

const eventsSchema = z
  .array(z.enum(webhookEventTypes))
  .min(1, "Subscribe to at least one event")
  .transform((events) => [...new Set(events)]);

export const webhookCreateInputSchema = z.strictObject({ url: urlSchema, events: eventsSchema });
export const webhookUpdateInputSchema = z
  .strictObject({ url: urlSchema.optional(), events: eventsSchema.optional(), enabled: z.boolean().optional() })
  .refine((input) => Object.keys(input).length > 0, "Nothing to change: give url, events or enabled");

export const webhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(webhookEventTypes)),
  createdAt: z.string(),
  enabled: z.boolean(),
  /** Why Parley disabled it (its deliveries kept failing); absent while enabled. */
  disabledReason: z.string().optional(),
  disabledAt: z.string().optional(),
});
export type Webhook = z.infer<typeof webhookSchema>;

/** Only the answer to its creation carries the secret. */
export const createdWebhookSchema = webhookSchema.extend({
  secret: z.string().meta({ description: "whsec_<base64>: the signing secret, shown only here" }),
});
export type CreatedWebhook = z.infer<typeof createdWebhookSchema>;

export const webhookDeliveryStatuses = ["pending", "retrying", "delivered", "failed"] as const;

export const webhookDeliverySchema = z.object({
  id: z.string().meta({ description: "Also the webhook-id header: the same on every attempt" }),
  event: z.string(),
  status: z.enum(webhookDeliveryStatuses),
  statusCode: z.number().int().nullable(),
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveriesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
