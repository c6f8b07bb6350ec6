import { timingSafeEqual } from "node:crypto";
import type { InboundItem, InboundMessage, TelegramUpdate } from "../../../schemas/channels.js";

/** True when `X-Telegram-Bot-Api-Secret-Token` is the credential's secret (compared in constant time). */
export function isTelegramSecretValid(header: string | undefined, secretToken: string): boolean {
  if (typeof header !== "string") return false;
  const given = Buffer.from(header);
  const expected = Buffer.from(secretToken);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

type TelegramMessage = NonNullable<TelegramUpdate["message"]>;

function readMessage(message: TelegramMessage): Pick<InboundMessage, "text" | "media"> | undefined {
  if (message.location) return { text: `${message.location.latitude}, ${message.location.longitude}` };
  if (message.contact)
    return { text: [message.contact.first_name, message.contact.phone_number].filter(Boolean).join(" ") };
  // The last photo size is the largest.
  const file = message.photo?.at(-1) ?? message.document ?? message.video ?? message.audio ?? message.voice;
  if (file)
    return {
      text: message.caption ?? "",
      media: [{ ref: file.file_id, ...(file.file_name ? { fileName: file.file_name } : {}) }],
    };
  if (message.text !== undefined) return { text: message.text };
  return undefined;
}

const nameOf = (from: { first_name?: string; last_name?: string } | undefined) =>
  [from?.first_name, from?.last_name].filter(Boolean).join(" ") || undefined;

/** The update as one incoming message (keyed by the update id), or none when there is nothing to answer. */
export function telegramInbound(update: TelegramUpdate, nowMs: number): InboundItem[] {
  const messageId = `u${update.update_id}`;
  const query = update.callback_query;
  if (query) {
    const contactName = nameOf(query.from);
    return [
      {
        messageId,
        contactId: String(query.message?.chat.id ?? query.from.id),
        // A tap has no date of its own: it happens now.
        sentAtMs: nowMs,
        message: {
          text: "",
          ...(query.data ? { buttonData: query.data } : {}),
          callbackQueryId: query.id,
          ...(contactName ? { contactName } : {}),
        },
      },
    ];
  }
  const message = update.message;
  const read = message && readMessage(message);
  if (!message || !read) return [];
  const contactName = nameOf(message.from);
  return [
    {
      messageId,
      contactId: String(message.chat.id),
      sentAtMs: message.date * 1000,
      message: { ...read, ...(contactName ? { contactName } : {}) },
    },
  ];
}
