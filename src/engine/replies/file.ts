import { allowedExtensions, extensionOfUrl } from "./file-types.js";
import { isUrl } from "./is-url.js";
import type { FileInputBlock } from "../../schemas/blocks/index.js";
import type { ParsedReply, ReplyMessage, ReplyOptions } from "./types.js";

export type FileReplyOptions = ReplyOptions<FileInputBlock, "isRequired" | "isMultipleAllowed" | "allowedFileTypes">;

/**
 * The client uploads first, then answers with the file URLs (in `attachedFileUrls`, or as text
 * joined by ", "). At least one URL must be an http(s) URL (uploads may live on hosts without a
 * TLD, e.g. localhost) and, when allowed types are enabled, every file must have an allowed extension.
 * Sending nothing skips a non-required input.
 */
export function parseFileReply(reply: ReplyMessage | undefined, options?: FileReplyOptions | null): ParsedReply {
  if (!reply) return (options?.isRequired ?? true) ? { status: "fail" } : { status: "skip" };

  const urls = reply.attachedFileUrls?.length ? reply.attachedFileUrls : reply.text.split(", ");
  if (!urls.some((url) => isUrl(url, { requireProtocol: true, requireTld: false }))) return { status: "fail" };

  const types = options?.allowedFileTypes?.types;
  if (options?.allowedFileTypes?.isEnabled && types && types.length > 0) {
    const allowed = allowedExtensions(types);
    const isAllowed = (url: string) => {
      const extension = extensionOfUrl(url);
      return extension !== undefined && allowed.has(extension);
    };
    if (!urls.every(isAllowed)) return { status: "fail" };
  }

  const content = options?.isMultipleAllowed ? urls.join(", ") : urls[0];
  return { status: "success", content };
}
