import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";
import { once } from "node:events";
import { AppError } from "../../errors.js";
import { allowedExtensions, extensionOfUrl } from "../../engine/replies/file-types.js";
import type { SessionState } from "../../engine/session-state.js";
import type { AppContext } from "../context.js";
import { assertOriginAllowed, type CallingOrigin } from "../chat/origin.js";
import { requireLiveSession, sessionBot } from "../chat/sessions.js";
import { nowIso } from "../../lib/ids.js";

export const DEFAULT_UPLOAD_LIMIT_BYTES = 10 * 1024 * 1024;
/** 18 random bytes: 24 URL-safe characters nobody can guess. */
const FOLDER_PATTERN = /^[A-Za-z0-9_-]{24}$/;
const MAX_NAME_LENGTH = 120;

export const uploadsDir = (ctx: AppContext) => path.join(ctx.config.dataDir, "uploads");

/** A file name safe on every file system and in a URL path: no folders, no control characters. */
export function safeFileName(raw: string | undefined): string | undefined {
  const base = (raw ?? "").split(/[\\/]/).pop() ?? "";
  const cleaned = base
    .replace(/[\u0000-\u001f\u007f<>:"|?*#%]/g, "_")
    .replace(/^\.+/, "")
    .trim();
  if (!cleaned) return undefined;
  if (cleaned.length <= MAX_NAME_LENGTH) return cleaned;
  const dot = cleaned.lastIndexOf(".");
  const extension = dot > 0 && cleaned.length - dot <= 16 ? cleaned.slice(dot) : "";
  return cleaned.slice(0, MAX_NAME_LENGTH - extension.length) + extension;
}

type UploadRule = { allowed?: Set<string> };

/** A session may receive files only while a file input (or a text input taking attachments) waits. */
export async function uploadRule(ctx: AppContext, sessionId: string, origin: CallingOrigin): Promise<UploadRule> {
  const session = await requireLiveSession(ctx, sessionId, nowIso());
  const root = await sessionBot(ctx, session);
  if (session.botVersionId !== null) assertOriginAllowed(root, origin);
  const state = JSON.parse(session.state) as SessionState;
  const bot =
    state.currentBotId && state.currentBotId !== root.id
      ? await ctx.ports.bots?.load(state.currentBotId, state.mode, state.workspaceId)
      : root;
  const block = state.currentBlockId ? bot?.blockById.get(state.currentBlockId)?.block : undefined;
  const options = (block as { options?: Record<string, any> } | undefined)?.options;
  if (block?.type === "text input" && options?.attachments?.isEnabled) return {};
  if (block?.type !== "file input") throw new AppError("BAD_REQUEST", "This chat is not waiting for a file");
  const types: string[] | undefined = options?.allowedFileTypes?.isEnabled ? options.allowedFileTypes.types : undefined;
  return types && types.length > 0 ? { allowed: allowedExtensions(types) } : {};
}

export function assertTypeAllowed(rule: UploadRule, name: string): void {
  if (!rule.allowed) return;
  const extension = extensionOfUrl(name);
  if (!extension || !rule.allowed.has(extension))
    throw new AppError(
      "UNSUPPORTED_MEDIA_TYPE",
      `This file type is not accepted here (allowed: ${[...rule.allowed].join(", ")})`,
    );
}

/**
 * A form upload announced before it is sent (the reference client's upload URL request): checked now
 * as the file will be, and given the folder its URL names. The file itself is checked again on arrival.
 */
export async function announceUpload(
  ctx: AppContext,
  input: { sessionId: string; fileName: string; fileSize?: number },
  origin: CallingOrigin,
  limit: number,
): Promise<{ folder: string; name: string }> {
  const name = safeFileName(input.fileName);
  if (!name) throw new AppError("BAD_REQUEST", "The file needs a name");
  const rule = await uploadRule(ctx, input.sessionId, origin);
  assertTypeAllowed(rule, name);
  if (input.fileSize !== undefined && input.fileSize > limit)
    throw new AppError("PAYLOAD_TOO_LARGE", tooLarge(limit).message);
  return { folder: newUploadFolder(), name };
}

/** The rest of the body is never read: the connection closes once the answer is out. */
const tooLarge = (limit: number) =>
  new AppError("PAYLOAD_TOO_LARGE", `The file is larger than ${Math.round((limit / 1024 / 1024) * 10) / 10} MB`, {
    headers: { connection: "close" },
  });

export const newUploadFolder = () => randomBytes(18).toString("base64url");
export const isUploadFolder = (folder: string) => FOLDER_PATTERN.test(folder);

/**
 * Streams the body to `<uploads>/<folder>/<name>`, stopping at the limit; nothing is left behind on
 * failure. A folder named in advance (a form upload announced with its URL) takes one file only.
 */
export async function storeUpload(
  ctx: AppContext,
  body: Readable,
  name: string,
  limit: number,
  announcedFolder?: string,
): Promise<{ folder: string; size: number }> {
  const folder = announcedFolder ?? newUploadFolder();
  if (!isUploadFolder(folder)) throw new AppError("NOT_FOUND", "Upload not found");
  const dir = path.join(uploadsDir(ctx), folder);
  await fs.promises.mkdir(uploadsDir(ctx), { recursive: true });
  try {
    await fs.promises.mkdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST")
      throw new AppError("CONFLICT", "This file was already sent");
    throw error;
  }
  const partial = path.join(dir, ".partial");
  const out = fs.createWriteStream(partial, { flags: "wx" });
  let size = 0;
  try {
    // Stopping early must not destroy the request: the 413 still has to reach the visitor.
    for await (const chunk of body.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > limit) throw tooLarge(limit);
      if (!out.write(chunk)) await once(out, "drain");
    }
    await new Promise<void>((resolve, reject) =>
      out.end((error?: Error | null) => (error ? reject(error) : resolve())),
    );
    await fs.promises.rename(partial, path.join(dir, name));
    return { folder, size };
  } catch (error) {
    out.destroy();
    await fs.promises.rm(dir, { recursive: true, force: true });
    throw error;
  }
}

export { tooLarge };

/** The stored file for an upload URL, or undefined: only an exact folder and name find anything. */
export async function findUpload(
  ctx: AppContext,
  folder: string,
  name: string,
): Promise<{ file: string; size: number } | undefined> {
  if (!FOLDER_PATTERN.test(folder) || safeFileName(name) !== name) return undefined;
  const file = path.join(uploadsDir(ctx), folder, name);
  try {
    const stat = await fs.promises.stat(file);
    return stat.isFile() ? { file, size: stat.size } : undefined;
  } catch {
    return undefined;
  }
}
