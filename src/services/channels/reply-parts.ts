import type { ChatReply } from "../../engine/chat-turn.js";
import type { RichTextNode } from "../../engine/rich-text/types.js";
import type { OutgoingButton, OutgoingPart } from "../../integrations/channels/outgoing.js";
import { numberedText } from "../../integrations/channels/outgoing.js";

/**
 * The answers a question offered, by position: a tapped button (its data names the position), a
 * typed number or a typed label all become the same reply. `nonce` tells this question's buttons
 * from an older one's still on screen.
 */
export type OfferedChoices = {
  nonce: string;
  multiple: boolean;
  choices: { replyId?: string; text: string }[];
};

export type ReplyParts = { parts: OutgoingPart[]; offered?: OfferedChoices };

type Item = Record<string, unknown>;
const text = (value: unknown) => (typeof value === "string" ? value : "");
const paragraph = (value: string, bold = false): RichTextNode => ({ type: "p", children: [{ text: value, bold }] });

function bubbleParts(bubble: ChatReply["messages"][number]): OutgoingPart[] {
  const content = bubble.content;
  const url = text(content.url);
  switch (bubble.type) {
    case "text":
      if (Array.isArray(content.richText)) return [{ kind: "text", richText: content.richText as RichTextNode[] }];
      return text(content.markdown) ? [{ kind: "plain", text: text(content.markdown) }] : [];
    case "image":
      return url ? [{ kind: "media", media: "image", url }] : [];
    case "audio":
      return url ? [{ kind: "media", media: "audio", url }] : [];
    case "video":
      // Players (YouTube, Vimeo…) exist only on web pages: the app gets the link with its preview.
      if (!url) return [];
      return content.type && content.type !== "url"
        ? [{ kind: "plain", text: url, previewUrl: true }]
        : [{ kind: "media", media: "video", url }];
    case "embed":
      return url ? [{ kind: "plain", text: url, previewUrl: true }] : [];
  }
}

/** A question takes the text right before it as its own body, as people write it in an app. */
function foldQuestionBody(parts: OutgoingPart[]): RichTextNode[] | undefined {
  const last = parts.at(-1);
  if (last?.kind !== "text") return undefined;
  parts.pop();
  return last.richText;
}

function buttonsOf(choices: OfferedChoices, labels: readonly string[], descriptions: readonly string[] = []) {
  return labels.map(
    (label, index): OutgoingButton => ({
      data: `${choices.nonce}.${index}`,
      label,
      ...(descriptions[index] ? { description: descriptions[index] } : {}),
    }),
  );
}

function inputParts(
  input: NonNullable<ChatReply["input"]>,
  parts: OutgoingPart[],
  nonce: string,
): OfferedChoices | undefined {
  const items = (input.items ?? []) as Item[];
  const options = (input.options ?? {}) as Item;
  const multiple = options.isMultipleChoice === true;
  switch (input.type) {
    case "choice input": {
      const offered: OfferedChoices = {
        nonce,
        multiple,
        choices: items.map((item) => ({ replyId: text(item.id), text: text(item.content) })),
      };
      const labels = offered.choices.map((choice) => choice.text);
      if (multiple) {
        const body = foldQuestionBody(parts);
        if (body) parts.push({ kind: "text", richText: body });
        parts.push({ kind: "plain", text: numberedText("", buttonsOf(offered, labels)) });
      } else parts.push({ kind: "buttons", body: foldQuestionBody(parts), buttons: buttonsOf(offered, labels) });
      return offered;
    }
    case "picture choice input": {
      const offered: OfferedChoices = {
        nonce,
        multiple,
        choices: items.map((item) => ({ replyId: text(item.id), text: text(item.title) || text(item.id) })),
      };
      const buttons = buttonsOf(
        offered,
        offered.choices.map((choice) => choice.text),
      );
      if (multiple) {
        items.forEach((item, index) => {
          if (text(item.pictureSrc)) parts.push({ kind: "media", media: "image", url: text(item.pictureSrc) });
          parts.push({ kind: "plain", text: `${index + 1}. ${buttons[index]!.label}` });
        });
        return offered;
      }
      items.forEach((item, index) => {
        const body = [
          paragraph(text(item.title), true),
          ...(text(item.description) ? [paragraph(text(item.description))] : []),
        ];
        parts.push({
          kind: "buttons",
          body,
          ...(text(item.pictureSrc) ? { imageUrl: text(item.pictureSrc) } : {}),
          buttons: [{ ...buttons[index]!, label: text(options.buttonLabel) || "Select" }],
        });
      });
      return offered;
    }
    case "cards": {
      const offered: OfferedChoices = { nonce, multiple: false, choices: [] };
      for (const card of items) {
        const paths = (card.paths ?? []) as Item[];
        const first = offered.choices.length;
        for (const path of paths) offered.choices.push({ replyId: text(path.id), text: text(path.text) });
        const body = [
          paragraph(text(card.title), true),
          ...(text(card.description) ? [paragraph(text(card.description))] : []),
        ];
        parts.push({
          kind: "buttons",
          body,
          ...(text(card.imageUrl) ? { imageUrl: text(card.imageUrl) } : {}),
          buttons: paths.map((path, index) => ({ data: `${nonce}.${first + index}`, label: text(path.text) })),
        });
      }
      return offered;
    }
    case "rating input": {
      const length = typeof options.length === "number" ? options.length : 10;
      const start = options.buttonType === "Icons" ? 1 : 0;
      const values = Array.from({ length: length - start + 1 }, (_, index) => String(index + start));
      const offered: OfferedChoices = { nonce, multiple: false, choices: values.map((value) => ({ text: value })) };
      parts.push({ kind: "buttons", body: foldQuestionBody(parts), buttons: buttonsOf(offered, values) });
      return offered;
    }
    default:
      // Text, number, email, URL, phone, date, time, file: the contact just writes (or sends) the answer.
      return undefined;
  }
}

/** A chat reply as messaging-app parts, and the choices its question offers (if any). */
export function replyParts(reply: ChatReply, nonce: string): ReplyParts {
  const parts = reply.messages.flatMap(bubbleParts);
  for (const action of reply.clientSideActions ?? []) {
    const redirect = (action as { redirect?: { url?: unknown } }).redirect;
    if (action.type === "redirect" && typeof redirect?.url === "string")
      parts.push({ kind: "plain", text: redirect.url, previewUrl: true });
  }
  const offered = reply.input ? inputParts(reply.input, parts, nonce) : undefined;
  return { parts, ...(offered ? { offered } : {}) };
}
