import type { GmailPort, GoogleFailure } from "../../engine/ports.js";
import type { GoogleAuth } from "./google-auth.js";
import { callGoogle, readLimited } from "./google-call.js";
import { buildMimeMessage, type MimeAttachment } from "./mime-message.js";

/** Gmail refuses messages over 25 MB; base64 grows attachments by a third. */
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;
export const MAX_ATTACHMENTS_TOTAL_BYTES = 18 * 1024 * 1024;
const DOWNLOAD_TIMEOUT_MS = 15_000;

/** Gmail's send, with the attachments downloaded through the address guard and an optional label added. */
export function createGmailPort(options: { auth: GoogleAuth; fetch: typeof fetch; apiUrl: string }): GmailPort {
  const api = `${options.apiUrl}/gmail/v1/users/me`;
  return {
    async send(message, scope) {
      const access = await options.auth.accessToken("gmail", message.credentialsId, scope);
      if (!access.ok) return access;
      const attachments = await downloadAll(options.fetch, message.attachmentUrls ?? []);
      if ("ok" in attachments) return attachments;
      const raw = Buffer.from(buildMimeMessage({ ...message, attachments }), "utf8").toString("base64url");
      const sent = await callGoogle(options.fetch, {
        url: `${api}/messages/send`,
        method: "POST",
        accessToken: access.accessToken,
        json: { raw, ...(message.threadId ? { threadId: message.threadId } : {}) },
      });
      if (!sent.ok) return sent;
      const { id, threadId } = sent.data as { id?: string; threadId?: string };
      if (message.label && id) {
        const labelled = await addLabel(options.fetch, api, access.accessToken, id, message.label);
        if (!labelled.ok) return { ...labelled, error: `Sent, but the label was not added: ${labelled.error}` };
      }
      return { ok: true, messageId: id ?? "", threadId: threadId ?? "" };
    },
  };
}

async function addLabel(
  guardedFetch: typeof fetch,
  api: string,
  accessToken: string,
  messageId: string,
  name: string,
): Promise<{ ok: true } | GoogleFailure> {
  const listed = await callGoogle(guardedFetch, { url: `${api}/labels`, method: "GET", accessToken });
  if (!listed.ok) return listed;
  const labels = ((listed.data as { labels?: { id?: string; name?: string }[] }).labels ?? []).filter(
    (label) => label.id && label.name,
  );
  let labelId = labels.find((label) => label.id === name || label.name!.toLowerCase() === name.toLowerCase())?.id;
  if (!labelId) {
    const created = await callGoogle(guardedFetch, {
      url: `${api}/labels`,
      method: "POST",
      accessToken,
      json: { name },
    });
    if (!created.ok) return created;
    labelId = (created.data as { id?: string }).id;
    if (!labelId) return { ok: false, error: "Gmail created the label without an id" };
  }
  const modified = await callGoogle(guardedFetch, {
    url: `${api}/messages/${encodeURIComponent(messageId)}/modify`,
    method: "POST",
    accessToken,
    json: { addLabelIds: [labelId] },
  });
  return modified.ok ? { ok: true } : modified;
}

async function downloadAll(guardedFetch: typeof fetch, urls: string[]): Promise<MimeAttachment[] | GoogleFailure> {
  const attachments: MimeAttachment[] = [];
  let total = 0;
  for (const url of urls) {
    const attachment = await download(
      guardedFetch,
      url,
      Math.min(MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS_TOTAL_BYTES - total),
    );
    if ("ok" in attachment) return attachment;
    total += attachment.bytes.byteLength;
    attachments.push(attachment);
  }
  return attachments;
}

/** One attachment, read no further than `limit` bytes. */
async function download(
  guardedFetch: typeof fetch,
  url: string,
  limit: number,
): Promise<MimeAttachment | GoogleFailure> {
  const failure = (reason: string): GoogleFailure => ({ ok: false, error: `Attachment ${url}: ${reason}` });
  try {
    const response = await guardedFetch(url, { signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS) });
    if (!response.ok) {
      await response.body?.cancel();
      return failure(`answered ${response.status}`);
    }
    const bytes = await readLimited(response, limit);
    if (!bytes) return failure(`larger than ${Math.floor(limit / 1024)} KiB`);
    const name = decodeURIComponent(new URL(url).pathname.split("/").pop() || "") || "attachment";
    return {
      filename: name,
      contentType: response.headers.get("content-type")?.split(";")[0]?.trim() || "application/octet-stream",
      bytes,
    };
  } catch (error) {
    return failure(error instanceof Error ? error.message : String(error));
  }
}
