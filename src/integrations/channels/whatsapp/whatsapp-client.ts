import type { CredentialsData } from "../../../schemas/credentials.js";
import { callChannelApiJson } from "../channel-http.js";
import {
  type ChannelClient,
  cutText,
  type DownloadedMedia,
  numberedText,
  type OutgoingButton,
  type OutgoingPart,
  readLimited,
  splitText,
} from "../outgoing.js";
import { whatsAppText } from "./whatsapp-format.js";

/** WhatsApp Cloud API limits (README "Messaging apps"). */
const TEXT_MAX = 4096;
const BODY_MAX = 1024;
const BUTTONS_MAX = 3;
const BUTTON_TITLE_MAX = 20;
const LIST_ROWS_MAX = 10;
const ROW_TITLE_MAX = 24;
const ROW_DESCRIPTION_MAX = 72;
/** The body WhatsApp requires when a question has no text of its own. */
const EMPTY_BODY = "―";

type WhatsAppMessage = Record<string, unknown>;

const describe = (body: unknown) => {
  const error = (body as { error?: { message?: unknown; code?: unknown } } | undefined)?.error;
  return `WhatsApp refused the message: ${typeof error?.message === "string" ? error.message : JSON.stringify(body)}${
    error?.code !== undefined ? ` (code ${error.code})` : ""
  }`;
};

/** Button titles: at most 20 characters and unique (WhatsApp refuses duplicates). */
function buttonTitles(buttons: readonly OutgoingButton[]): string[] {
  const seen = new Map<string, number>();
  return buttons.map((button) => {
    let title = cutText(button.label.trim() || "―", BUTTON_TITLE_MAX);
    const count = (seen.get(title) ?? 0) + 1;
    seen.set(title, count);
    if (count > 1) title = cutText(`${title}`, BUTTON_TITLE_MAX - 4) + ` (${count})`;
    return title;
  });
}

/** The messages one part becomes: media by link, questions as buttons, a list, or numbered text. */
export function whatsAppMessages(part: OutgoingPart): WhatsAppMessage[] {
  switch (part.kind) {
    case "text":
      return splitText(whatsAppText(part.richText), TEXT_MAX).map((body) => ({ type: "text", text: { body } }));
    case "plain":
      return splitText(part.text, TEXT_MAX).map((body) => ({
        type: "text",
        text: { body, ...(part.previewUrl ? { preview_url: true } : {}) },
      }));
    case "media":
      return [mediaMessage(part.media, part.url)];
    case "buttons":
      return questionMessages(part);
  }
}

function mediaMessage(media: "image" | "video" | "audio" | "file", url: string): WhatsAppMessage {
  // WhatsApp shows neither GIF nor SVG images: the link stands in.
  if (media === "image" && /\.(gif|svg)(\?|#|$)/i.test(url))
    return { type: "text", text: { body: url, preview_url: true } };
  if (media === "file") {
    const filename = decodeURIComponent(new URL(url).pathname.split("/").pop() || "file");
    return { type: "document", document: { link: url, filename } };
  }
  return { type: media, [media]: { link: url } };
}

function questionMessages(part: Extract<OutgoingPart, { kind: "buttons" }>): WhatsAppMessage[] {
  const body = part.body ? whatsAppText(part.body) : "";
  // A question longer than an interactive body may be goes first as text of its own.
  if ([...body].length > BODY_MAX)
    return [
      ...splitText(body, TEXT_MAX).map((text) => ({ type: "text", text: { body: text } })),
      ...questionMessages({ ...part, body: undefined }),
    ];
  const { buttons } = part;
  const withinButtonLimits = buttons.length <= BUTTONS_MAX;
  if (withinButtonLimits) {
    const titles = buttonTitles(buttons);
    return [
      {
        type: "interactive",
        interactive: {
          type: "button",
          ...(part.imageUrl ? { header: { type: "image", image: { link: part.imageUrl } } } : {}),
          body: { text: body || EMPTY_BODY },
          action: {
            buttons: buttons.map((button, index) => ({
              type: "reply",
              reply: { id: button.data, title: titles[index] },
            })),
          },
        },
      },
    ];
  }
  const image: WhatsAppMessage[] = part.imageUrl ? [mediaMessage("image", part.imageUrl)] : [];
  if (buttons.length <= LIST_ROWS_MAX)
    return [
      ...image,
      {
        type: "interactive",
        interactive: {
          type: "list",
          body: { text: body || EMPTY_BODY },
          action: {
            button: "Options",
            sections: [
              {
                rows: buttons.map((button) => ({
                  id: button.data,
                  title: cutText(button.label.trim() || "―", ROW_TITLE_MAX),
                  ...(button.description ? { description: cutText(button.description, ROW_DESCRIPTION_MAX) } : {}),
                })),
              },
            ],
          },
        },
      },
    ];
  return [
    ...image,
    ...splitText(numberedText(body, buttons), TEXT_MAX).map((text) => ({ type: "text", text: { body: text } })),
  ];
}

/** The WhatsApp Cloud API for one business number (base URL: PARLEY_WHATSAPP_API_URL). */
export function whatsAppClient(
  apiUrl: string,
  credentials: CredentialsData["whatsapp"],
  mediaFetch: typeof fetch,
): ChannelClient {
  const authorization = { authorization: `Bearer ${credentials.accessToken}` };
  const post = (payload: WhatsAppMessage) =>
    callChannelApiJson(
      `${apiUrl}/${credentials.phoneNumberId}/messages`,
      {
        method: "POST",
        headers: { ...authorization, "content-type": "application/json" },
        body: JSON.stringify({ messaging_product: "whatsapp", ...payload }),
      },
      describe,
    );
  return {
    async send(contactId, part) {
      for (const message of whatsAppMessages(part))
        await post({ recipient_type: "individual", to: contactId, ...message });
    },
    async typing(_contactId, inboundMessageId) {
      if (!inboundMessageId) return;
      await post({ status: "read", message_id: inboundMessageId, typing_indicator: { type: "text" } });
    },
    async download(mediaId, maxBytes): Promise<DownloadedMedia> {
      const info = (await callChannelApiJson(
        `${apiUrl}/${encodeURIComponent(mediaId)}`,
        { headers: authorization },
        describe,
      )) as { url?: unknown; mime_type?: unknown };
      if (typeof info?.url !== "string") throw new Error("WhatsApp gave no address for the media");
      // The address comes from the app's answer: fetched through the SSRF guard like any other.
      const response = await mediaFetch(info.url, { headers: authorization });
      if (!response.ok) throw new Error(`WhatsApp media download failed (${response.status})`);
      const mimeType = typeof info.mime_type === "string" ? info.mime_type : "application/octet-stream";
      return { bytes: await readLimited(response, maxBytes), mimeType, fileName: "" };
    },
  };
}
