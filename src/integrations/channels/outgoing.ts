import type { RichTextNode } from "../../engine/rich-text/types.js";

/** A button as both apps show it: `data` comes back when it is tapped; `label` is what the contact sees. */
export type OutgoingButton = { data: string; label: string; description?: string };

/**
 * One thing to show a contact, in app-neutral terms: services turn a chat reply into these, each
 * app's adapter turns them into its own messages (and falls back where its limits are exceeded).
 */
export type OutgoingPart =
  | { kind: "text"; richText: RichTextNode[] }
  /** Bare text (a link, a numbered list): never formatted, never escaped by the app. */
  | { kind: "plain"; text: string; previewUrl?: boolean }
  | { kind: "media"; media: "image" | "video" | "audio" | "file"; url: string }
  /** A question with buttons; past the app's limits it becomes a list or numbered text, answered by number. */
  | { kind: "buttons"; body?: RichTextNode[]; imageUrl?: string; buttons: OutgoingButton[] };

/** A file the app holds for Parley to download (an incoming photo, document, voice note…). */
export type DownloadedMedia = { bytes: Uint8Array; mimeType: string; fileName: string };

/** What Parley needs from a messaging app's API (one per credential). */
export type ChannelClient = {
  send(contactId: string, part: OutgoingPart): Promise<void>;
  /** Shows "typing…"; WhatsApp ties it to the message being answered. */
  typing(contactId: string, inboundMessageId: string | undefined): Promise<void>;
  /** Refuses (throws) past `maxBytes`, without reading further. */
  download(mediaRef: string, maxBytes: number): Promise<DownloadedMedia>;
};

/** A downloaded body, read only up to `maxBytes`. */
export async function readLimited(response: Response, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(response.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) throw new Error(`The file is larger than ${maxBytes} bytes`);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body ?? []) {
    size += chunk.length;
    if (size > maxBytes) throw new Error(`The file is larger than ${maxBytes} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** Numbered-text fallback for choices past an app's limits: answered by number or by label. */
export function numberedText(body: string, buttons: readonly OutgoingButton[]): string {
  const lines = buttons.map((button, index) => `${index + 1}. ${button.label}`);
  return [body, lines.join("\n")].filter((text) => text !== "").join("\n\n");
}

/** Text cut to `max` characters (code points), with an ellipsis when something was cut. */
export function cutText(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join("")}…`;
}

/** A long text in pieces of at most `max` characters, cut at line ends where possible. */
export function splitText(text: string, max: number): string[] {
  const pieces: string[] = [];
  let rest = text;
  while ([...rest].length > max) {
    const head = [...rest].slice(0, max).join("");
    const cut = head.lastIndexOf("\n") > max / 2 ? head.lastIndexOf("\n") : head.length;
    pieces.push(head.slice(0, cut));
    rest = rest.slice(cut).replace(/^\n/, "");
  }
  if (rest !== "" || pieces.length === 0) pieces.push(rest);
  return pieces;
}
