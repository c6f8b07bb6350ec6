import { createHmac, timingSafeEqual } from "node:crypto";
import type { InboundItem, InboundMessage, WhatsAppWebhook } from "../../../schemas/channels.js";

/** True when `X-Hub-Signature-256` is `sha256=` + the HMAC-SHA256 of the raw body under the app secret. */
export function isWhatsAppSignatureValid(rawBody: Buffer, header: string | undefined, appSecret: string): boolean {
  const match = /^sha256=([0-9a-f]{64})$/i.exec(header ?? "");
  if (!match) return false;
  const expected = createHmac("sha256", appSecret).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(match[1]!, "hex"));
}

type WhatsAppMessage = NonNullable<WhatsAppWebhook["entry"][number]["changes"][number]["value"]["messages"]>[number];
const MEDIA_TYPES = ["image", "video", "audio", "document", "sticker"] as const;

/**
 * What the contact said, as Parley reads it. Reactions, status updates and message kinds WhatsApp
 * itself calls unsupported give undefined (nothing to answer).
 */
function readMessage(message: WhatsAppMessage): Omit<InboundMessage, "contactName" | "appMessageId"> | undefined {
  if (message.text) return { text: message.text.body };
  if (message.button) return { text: message.button.text };
  const tapped = message.interactive?.button_reply ?? message.interactive?.list_reply;
  if (tapped) return { text: tapped.title, buttonData: tapped.id };
  if (message.location) return { text: `${message.location.latitude}, ${message.location.longitude}` };
  if (message.contacts)
    return {
      text: message.contacts
        .map((contact) =>
          [contact.name?.formatted_name, ...(contact.phones ?? []).map((phone) => phone.phone)]
            .filter(Boolean)
            .join(" "),
        )
        .join("\n"),
    };
  for (const type of MEDIA_TYPES) {
    const media = message[type];
    if (media)
      return {
        text: media.caption ?? "",
        media: [{ ref: media.id, ...(media.filename ? { fileName: media.filename } : {}) }],
      };
  }
  return undefined;
}

/** The messages of a webhook call meant for this business number, each with its sender. */
export function whatsAppInbound(webhook: WhatsAppWebhook, phoneNumberId: string): InboundItem[] {
  const items: InboundItem[] = [];
  for (const entry of webhook.entry)
    for (const change of entry.changes) {
      const value = change.value;
      // Another number's messages (a shared app webhook) are not this credential's to answer.
      if (value.metadata?.phone_number_id !== phoneNumberId) continue;
      const names = new Map((value.contacts ?? []).map((contact) => [contact.wa_id, contact.profile?.name]));
      for (const message of value.messages ?? []) {
        const read = readMessage(message);
        if (!read) continue;
        const contactName = names.get(message.from);
        items.push({
          messageId: message.id,
          contactId: message.from,
          sentAtMs: Number(message.timestamp) * 1000,
          message: { ...read, appMessageId: message.id, ...(contactName ? { contactName } : {}) },
        });
      }
    }
  return items;
}
