import type { AiContentPart, AiMessage } from "../../engine/ports.js";

const PROBE_TIMEOUT_MS = 5_000;
const MAX_PROBES = 8;

/**
 * For models that see images: a user message is read as paragraphs (split on blank lines); a
 * paragraph that is a URL (or `["http…`, a list variable's text) answering with an `image/*` type is
 * sent as an image, the rest as text.
 */
export async function withImages(messages: AiMessage[], fetchFn: typeof fetch): Promise<AiMessage[]> {
  let probes = 0;
  const result: AiMessage[] = [];
  for (const message of messages) {
    if (message.role !== "user" || typeof message.content !== "string" || !/https?:\/\//.test(message.content)) {
      result.push(message);
      continue;
    }
    const parts: AiContentPart[] = [];
    for (const paragraph of message.content.split(/\n\s*\n/)) {
      const trimmed = paragraph.trim();
      const urls = imageCandidates(trimmed);
      const images: string[] = [];
      for (const url of urls) if (probes++ < MAX_PROBES && (await isImage(url, fetchFn))) images.push(url);
      if (urls.length > 0 && images.length === urls.length)
        parts.push(...images.map((url) => ({ type: "image" as const, url })));
      else if (trimmed) parts.push({ type: "text", text: trimmed });
    }
    result.push(parts.some((part) => part.type === "image") ? { role: "user", content: parts } : message);
  }
  return result;
}

function imageCandidates(paragraph: string): string[] {
  if (/^https?:\/\/\S+$/.test(paragraph)) return [paragraph];
  if (paragraph.startsWith('["http')) {
    try {
      const list = JSON.parse(paragraph) as unknown;
      if (Array.isArray(list) && list.every((item) => typeof item === "string" && /^https?:\/\//.test(item)))
        return list as string[];
    } catch {
      // Not a list: plain text.
    }
  }
  return [];
}

async function isImage(url: string, fetchFn: typeof fetch): Promise<boolean> {
  try {
    const response = await fetchFn(url, { method: "HEAD", signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
    return (response.headers.get("content-type") ?? "").startsWith("image/");
  } catch {
    return false;
  }
}
