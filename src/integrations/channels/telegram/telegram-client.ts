import type { CredentialsData } from "../../../schemas/credentials.js";
import { callChannelApi, callChannelApiJson } from "../channel-http.js";
import {
  type ChannelClient,
  cutText,
  type DownloadedMedia,
  numberedText,
  type OutgoingPart,
  readLimited,
  splitText,
} from "../outgoing.js";
import { telegramHtml } from "./telegram-format.js";

/** Telegram Bot API limits (README "Messaging apps"). */
const TEXT_MAX = 4096;
const CAPTION_MAX = 1024;
/** More buttons than this are hard to use on a phone: past it, numbered text. */
const KEYBOARD_MAX = 30;
const EMPTY_BODY = "―";

type TelegramCall = { method: string; body: Record<string, unknown> };

const describe = (body: unknown) => {
  const answer = body as { description?: unknown; error_code?: unknown } | undefined;
  return `Telegram refused the call: ${typeof answer?.description === "string" ? answer.description : JSON.stringify(body)}`;
};

const html = (text: string) => ({ text, parse_mode: "HTML" });

/** Chat ids are integers (up to 52 bits: safe in a JS number); Parley keeps them as text. */
const chatIdOf = (contactId: string) => (/^-?\d{1,16}$/.test(contactId) ? Number(contactId) : contactId);

/** The Bot API calls one part becomes (without `chat_id`). */
export function telegramCalls(part: OutgoingPart): TelegramCall[] {
  switch (part.kind) {
    case "text":
      return htmlMessages(telegramHtml(part.richText));
    case "plain":
      return splitText(part.text, TEXT_MAX).map((text) => ({
        method: "sendMessage",
        body: { text, ...(part.previewUrl ? {} : { link_preview_options: { is_disabled: true } }) },
      }));
    case "media":
      return [mediaCall(part.media, part.url)];
    case "buttons":
      return questionCalls(part);
  }
}

/** Formatted text past the size limit is sent as bare pieces: cutting HTML could break a tag. */
function htmlMessages(text: string): TelegramCall[] {
  if ([...text].length <= TEXT_MAX) return [{ method: "sendMessage", body: html(text) }];
  const plain = text.replace(/<[^>]+>/g, "").replace(/&lt;|&gt;|&quot;|&amp;/g, (entity) => htmlEntity[entity]!);
  return splitText(plain, TEXT_MAX).map((piece) => ({ method: "sendMessage", body: { text: piece } }));
}
const htmlEntity: Record<string, string> = { "&lt;": "<", "&gt;": ">", "&quot;": '"', "&amp;": "&" };

function mediaCall(media: "image" | "video" | "audio" | "file", url: string): TelegramCall {
  if (media === "image" && /\.gif(\?|#|$)/i.test(url)) return { method: "sendAnimation", body: { animation: url } };
  if (media === "image") return { method: "sendPhoto", body: { photo: url } };
  if (media === "video") return { method: "sendVideo", body: { video: url } };
  if (media === "audio") return { method: "sendAudio", body: { audio: url } };
  return { method: "sendDocument", body: { document: url } };
}

function questionCalls(part: Extract<OutgoingPart, { kind: "buttons" }>): TelegramCall[] {
  const body = part.body ? telegramHtml(part.body) : "";
  if (part.buttons.length > KEYBOARD_MAX) {
    const plain = part.body ? body.replace(/<[^>]+>/g, "") : "";
    const numbered = numberedText(plain, part.buttons);
    return [
      ...(part.imageUrl ? [mediaCall("image", part.imageUrl)] : []),
      ...splitText(numbered, TEXT_MAX).map((text) => ({ method: "sendMessage", body: { text } })),
    ];
  }
  // One button a row: labels stay readable; callback_data is Parley's short key (within 64 bytes).
  const reply_markup = {
    inline_keyboard: part.buttons.map((button) => [
      { text: cutText(button.label || "―", 64), callback_data: button.data },
    ]),
  };
  if (part.imageUrl && [...body].length <= CAPTION_MAX)
    return [{ method: "sendPhoto", body: { photo: part.imageUrl, caption: body, parse_mode: "HTML", reply_markup } }];
  return [
    ...(part.imageUrl ? [mediaCall("image", part.imageUrl)] : []),
    {
      method: "sendMessage",
      body: { ...html(body && [...body].length <= TEXT_MAX ? body : EMPTY_BODY), reply_markup },
    },
  ];
}

/** The Telegram Bot API for one bot (base URL: PARLEY_TELEGRAM_API_URL). */
export function telegramClient(apiUrl: string, credentials: CredentialsData["telegram"]) {
  const call = (method: string, body: Record<string, unknown>) =>
    callChannelApiJson(
      `${apiUrl}/bot${credentials.botToken}/${method}`,
      { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) },
      describe,
    ) as Promise<{ result?: unknown }>;
  const client: ChannelClient & {
    answerCallback(callbackQueryId: string): Promise<void>;
    setWebhook(url: string): Promise<void>;
  } = {
    async send(chatId, part) {
      for (const { method, body } of telegramCalls(part)) await call(method, { chat_id: chatIdOf(chatId), ...body });
    },
    async typing(chatId) {
      await call("sendChatAction", { chat_id: chatIdOf(chatId), action: "typing" });
    },
    async download(fileId, maxBytes): Promise<DownloadedMedia> {
      const file = (await call("getFile", { file_id: fileId })).result as { file_path?: unknown } | undefined;
      if (typeof file?.file_path !== "string") throw new Error("Telegram gave no path for the file");
      const { response } = await callChannelApi(
        `${apiUrl}/file/bot${credentials.botToken}/${file.file_path}`,
        {},
        () => "Telegram file download failed",
      );
      const fileName = file.file_path.split("/").pop() ?? "";
      return { bytes: await readLimited(response, maxBytes), mimeType: "", fileName };
    },
    async answerCallback(callbackQueryId) {
      await call("answerCallbackQuery", { callback_query_id: callbackQueryId });
    },
    async setWebhook(url) {
      await call("setWebhook", {
        url,
        secret_token: credentials.secretToken,
        allowed_updates: ["message", "callback_query"],
      });
    },
  };
  return client;
}
