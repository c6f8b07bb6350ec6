import { z } from "zod";

/** The messaging apps Parley runs bots in (credential types of the same names). */
export const channelTypes = ["whatsapp", "telegram"] as const;
export type ChannelType = (typeof channelTypes)[number];

/** An incoming message as Parley keeps it until its turn (channelInbox.message, JSON). */
export const inboundMessageSchema = z.object({
  text: z.string().max(100_000),
  /** The tapped button's data (WhatsApp reply id, Telegram callback_data). */
  buttonData: z.string().max(256).optional(),
  /** Files the app holds: downloaded when the turn runs. */
  media: z
    .array(z.object({ ref: z.string().max(1000), fileName: z.string().max(255).optional() }))
    .max(10)
    .optional(),
  contactName: z.string().max(500).optional(),
  /** Telegram: the tap to acknowledge, or its client keeps spinning. */
  callbackQueryId: z.string().max(255).optional(),
  /** WhatsApp: the message the typing indicator answers. */
  appMessageId: z.string().max(255).optional(),
});
export type InboundMessage = z.infer<typeof inboundMessageSchema>;

/** One message of a webhook call, with who sent it and when the app says it was sent (ms). */
export type InboundItem = { messageId: string; contactId: string; sentAtMs: number; message: InboundMessage };

const id = z.union([z.string(), z.number()]).transform(String);

/**
 * Bounds on a WhatsApp webhook call's arrays (issue 31 item 5): Meta batches a few updates per call;
 * a body far past these is not Meta's. The messages a call may carry in all are bounded again,
 * configurably, where they are read (PARLEY_CHANNEL_MAX_MESSAGES_PER_REQUEST, 413).
 */
export const WHATSAPP_MAX_ENTRIES = 100;
export const WHATSAPP_MAX_CHANGES = 100;
export const WHATSAPP_MAX_MESSAGES = 1000;

// WhatsApp Cloud API webhook (only what Parley reads; everything else passes).
const whatsAppMediaSchema = z.looseObject({
  id: z.string(),
  caption: z.string().optional(),
  filename: z.string().optional(),
});
export const whatsAppWebhookSchema = z.looseObject({
  object: z.string().optional(),
  entry: z
    .array(
      z.looseObject({
        changes: z
          .array(
            z.looseObject({
              field: z.string().optional(),
              value: z.looseObject({
                metadata: z.looseObject({ phone_number_id: id }).optional(),
                contacts: z
                  .array(z.looseObject({ wa_id: id, profile: z.looseObject({ name: z.string() }).optional() }))
                  .max(WHATSAPP_MAX_MESSAGES)
                  .optional(),
                messages: z
                  .array(
                    z.looseObject({
                      from: id,
                      id: z.string(),
                      timestamp: id,
                      type: z.string(),
                      text: z.looseObject({ body: z.string() }).optional(),
                      button: z.looseObject({ text: z.string(), payload: z.string().optional() }).optional(),
                      interactive: z
                        .looseObject({
                          type: z.string(),
                          button_reply: z.looseObject({ id: z.string(), title: z.string() }).optional(),
                          list_reply: z.looseObject({ id: z.string(), title: z.string() }).optional(),
                        })
                        .optional(),
                      location: z.looseObject({ latitude: z.number(), longitude: z.number() }).optional(),
                      contacts: z
                        .array(
                          z.looseObject({
                            name: z.looseObject({ formatted_name: z.string().optional() }).optional(),
                            phones: z.array(z.looseObject({ phone: z.string().optional() })).optional(),
                          }),
                        )
                        .optional(),
                      image: whatsAppMediaSchema.optional(),
                      video: whatsAppMediaSchema.optional(),
                      audio: whatsAppMediaSchema.optional(),
                      document: whatsAppMediaSchema.optional(),
                      sticker: whatsAppMediaSchema.optional(),
                    }),
                  )
                  .max(WHATSAPP_MAX_MESSAGES)
                  .optional(),
              }),
            }),
          )
          .max(WHATSAPP_MAX_CHANGES),
      }),
    )
    .max(WHATSAPP_MAX_ENTRIES),
});
export type WhatsAppWebhook = z.infer<typeof whatsAppWebhookSchema>;

// Telegram Bot API Update (only what Parley reads).
const telegramFileSchema = z.looseObject({ file_id: z.string(), file_name: z.string().optional() });
const telegramMessageSchema = z.looseObject({
  message_id: z.number(),
  date: z.number(),
  chat: z.looseObject({ id: z.number(), type: z.string().optional() }),
  from: z
    .looseObject({ id: z.number(), first_name: z.string().optional(), last_name: z.string().optional() })
    .optional(),
  text: z.string().optional(),
  caption: z.string().optional(),
  photo: z.array(telegramFileSchema).optional(),
  document: telegramFileSchema.optional(),
  audio: telegramFileSchema.optional(),
  voice: telegramFileSchema.optional(),
  video: telegramFileSchema.optional(),
  location: z.looseObject({ latitude: z.number(), longitude: z.number() }).optional(),
  contact: z.looseObject({ phone_number: z.string(), first_name: z.string().optional() }).optional(),
});
export const telegramUpdateSchema = z.looseObject({
  update_id: z.number(),
  message: telegramMessageSchema.optional(),
  callback_query: z
    .looseObject({
      id: z.string(),
      from: z.looseObject({ id: z.number(), first_name: z.string().optional() }),
      data: z.string().optional(),
      message: telegramMessageSchema.optional(),
    })
    .optional(),
});
export type TelegramUpdate = z.infer<typeof telegramUpdateSchema>;

/** WhatsApp's subscription handshake (GET). */
export const whatsAppHandshakeSchema = z.object({
  "hub.mode": z.string().max(100).optional(),
  "hub.verify_token": z.string().max(1000).optional(),
  "hub.challenge": z.string().max(1000).optional(),
});

/** What the connect route tells the builder: where the app must send its messages. */
export const channelConnectResponseSchema = z.object({
  channel: z.enum(channelTypes),
  webhookUrl: z.string(),
  /** Telegram: the webhook was registered with the app. WhatsApp: paste the URL and token into Meta's dashboard. */
  registered: z.boolean(),
  verifyToken: z.string().optional(),
});
