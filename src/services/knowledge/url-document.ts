import { type AddressGuard, guardedRequest, RequestRefusedError } from "../../integrations/http/guarded-request.js";
import { type DocumentFormat, documentFormatOf } from "../../integrations/knowledge/documents/index.js";

export type FetchedDocument =
  | { ok: true; bytes: Uint8Array; format: DocumentFormat; contentType?: string }
  | { ok: false; reason: string };

/**
 * A web page for a knowledge base, through the same SSRF guard as bots' HTTP requests: every
 * redirect is checked too, so a public URL that redirects to a private address fails. At most
 * `maxBytes` are read; a larger page fails without being read further.
 */
export async function fetchUrlDocument(
  url: string,
  guard: AddressGuard,
  options: { maxBytes: number; timeoutMs: number },
): Promise<FetchedDocument> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  try {
    const response = await guardedRequest(
      {
        url,
        method: "GET",
        headers: { accept: "text/html, text/markdown, text/plain, application/pdf, */*;q=0.5" },
        signal,
      },
      guard,
    );
    const status = response.statusCode ?? 0;
    if (status < 200 || status > 299) {
      response.resume();
      return { ok: false, reason: `The page answered HTTP ${status}.` };
    }
    const contentType = response.headers["content-type"];
    const format = documentFormatOf(new URL(url).pathname, contentType) ?? documentFormatOf("", contentType);
    if (!format) {
      response.resume();
      return {
        ok: false,
        reason: `The page is not a document this server reads (${contentType ?? "no content type"}).`,
      };
    }
    const pieces: Buffer[] = [];
    let size = 0;
    for await (const piece of response as AsyncIterable<Buffer>) {
      size += piece.length;
      if (size > options.maxBytes) {
        response.destroy();
        return { ok: false, reason: `The page is larger than ${options.maxBytes} bytes (the limit).` };
      }
      pieces.push(piece);
    }
    return { ok: true, bytes: Buffer.concat(pieces), format, ...(contentType ? { contentType } : {}) };
  } catch (error) {
    if (signal.aborted)
      return { ok: false, reason: `The page did not answer within ${options.timeoutMs / 1000} seconds.` };
    const message = error instanceof Error ? error.message : String(error);
    return {
      ok: false,
      reason:
        error instanceof RequestRefusedError
          ? `The page was refused: ${message}`
          : `The page could not be fetched: ${message}`,
    };
  }
}
