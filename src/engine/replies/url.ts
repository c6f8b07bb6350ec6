import { isUrl } from "./is-url.js";
import type { ParsedReply, ReplyMessage } from "./types.js";

/** http(s) URL, protocol optional, domain with a TLD (or an IP); saved exactly as typed. */
export function parseUrlReply(reply: ReplyMessage | undefined): ParsedReply {
  if (!reply || !isUrl(reply.text, { requireProtocol: false, requireTld: true })) return { status: "fail" };
  return { status: "success", content: reply.text };
}
