import { randomBytes } from "node:crypto";
import type { Readable } from "node:stream";
import { AppError } from "../../errors.js";
import { allowedExtensions, extensionOfUrl } from "../../engine/replies/file-types.js";
import type { AppContext } from "../context.js";
import type { CallingOrigin } from "../chat/origin.js";
import { sessionWaitingPoint } from "../chat/sessions.js";
import { recordUpload, SAFE_ID, sessionUploads } from "./upload-records.js";
import { type StoredFile, StoredFileExists } from "../../integrations/storage/index.js";

export const DEFAULT_UPLOAD_LIMIT_BYTES = 10 * 1024 * 1024;
/** 18 random bytes: 24 URL-safe characters nobody can guess. */
const FOLDER_PATTERN = /^[A-Za-z0-9_-]{24}$/;
const MAX_NAME_LENGTH = 120;

/** A file name safe on every file system and in a URL path: no folders, no control characters. */
export function safeFileName(raw: string | undefined): string | undefined {
  const base = (raw ?? "").split(/[\\/]/).pop() ?? "";
  const cleaned = base
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what this strips.
    .replace(/[\u0000-\u001f\u007f<>:"|?*#%]/g, "_")
    .replace(/^\.+/, "")
    .trim();
  if (!cleaned) return undefined;
  if (cleaned.length <= MAX_NAME_LENGTH) return cleaned;
  const dot = cleaned.lastIndexOf(".");
  const extension = dot > 0 && cleaned.length - dot <= 16 ? cleaned.slice(dot) : "";
  return cleaned.slice(0, MAX_NAME_LENGTH - extension.length) + extension;
}

/** Files a text input's attachments, or a file input allowing several, take at one wait. */
export const MAX_FILES_PER_WAIT = 10;

type UploadRule = {
  allowed?: Set<string>;
  /** Files this wait takes: one for a file input, MAX_FILES_PER_WAIT when it allows several. */
  maxFiles: number;
  /** The session waiting at this block since its last turn: files counted against maxFiles. */
  waitKey: string;
  resultId: string | null;
};

/**
 * The wait key an operator's file is recorded under (a visitor's is `<blockId>@<revision>`): kept and
 * deleted with the chat's other files, never counted against what the visitor may upload.
 */
export const OPERATOR_UPLOAD = "operator";

/** A session may receive files only while a file input (or a text input taking attachments) waits. */
export async function uploadRule(ctx: AppContext, sessionId: string, origin: CallingOrigin): Promise<UploadRule> {
  if (!SAFE_ID.test(sessionId)) throw new AppError("SESSION_NOT_FOUND");
  const { session, state, block } = await sessionWaitingPoint(ctx, sessionId, origin);
  const options = (block as { options?: Record<string, any> } | undefined)?.options;
  const wait = { waitKey: `${state.currentBlockId}@${session.revision}`, resultId: session.resultId };
  if (block?.type === "text input" && options?.attachments?.isEnabled) return { ...wait, maxFiles: MAX_FILES_PER_WAIT };
  if (block?.type !== "file input") throw new AppError("NOT_WAITING_FOR_FILE", "This chat is not waiting for a file");
  const maxFiles = options?.isMultipleAllowed ? MAX_FILES_PER_WAIT : 1;
  const types: string[] | undefined = options?.allowedFileTypes?.isEnabled ? options.allowedFileTypes.types : undefined;
  return types && types.length > 0 ? { ...wait, maxFiles, allowed: allowedExtensions(types) } : { ...wait, maxFiles };
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
  if (!name) throw new AppError("FILE_NAME_MISSING", "The file needs a name");
  const rule = await uploadRule(ctx, input.sessionId, origin);
  assertTypeAllowed(rule, name);
  if (input.fileSize !== undefined && input.fileSize > limit)
    throw new AppError("PAYLOAD_TOO_LARGE", tooLarge(limit).message);
  return { folder: newUploadFolder(), name };
}

/** The rest of the body is never read: the connection closes once the answer is out. */
const sessionFull = (limit: number) =>
  new AppError(
    "PAYLOAD_TOO_LARGE",
    `The files of this chat would take more than ${Math.round((limit / 1024 / 1024) * 10) / 10} MB`,
    { headers: { connection: "close" } },
  );

/**
 * What the session may still upload at this wait: refused (400) once the waiting input has its files,
 * else the size the next file may have (the per-file limit, or what is left of the session's total,
 * PARLEY_UPLOAD_MAX_SESSION_MB) and the error for a file past it. `declared` is the body's announced size.
 */
export async function uploadAllowance(
  ctx: AppContext,
  sessionId: string,
  rule: UploadRule,
  perFileLimit: number,
  declared: number,
): Promise<{ fileLimit: number; refusal: () => AppError }> {
  // An operator's files (from the Inbox) are the chat's too, but not the visitor's to count.
  const received = (await sessionUploads(ctx, sessionId)).filter((record) => record.waitKey !== OPERATOR_UPLOAD);
  if (received.filter((record) => record.waitKey === rule.waitKey).length >= rule.maxFiles)
    throw new AppError(
      "BAD_REQUEST",
      rule.maxFiles === 1
        ? "This input takes one file, and it was already sent"
        : `This input takes at most ${rule.maxFiles} files, and they were already sent`,
    );
  const sessionLimit = ctx.config.limits.uploadSessionBytes;
  const room = Math.max(0, sessionLimit - received.reduce((total, record) => total + record.size, 0));
  const fileLimit = Math.min(perFileLimit, room);
  const refusal = () => (room < perFileLimit ? sessionFull(sessionLimit) : tooLarge(perFileLimit));
  if ((Number.isFinite(declared) && declared > fileLimit) || room === 0) throw refusal();
  return { fileLimit, refusal };
}

/** An announced upload URL takes one file: a folder already written answers 409, whatever else holds. */
export async function assertFolderUnused(ctx: AppContext, folder: string): Promise<void> {
  if (!isUploadFolder(folder)) throw new AppError("NOT_FOUND", "Upload not found");
  if ((await ctx.files.list(`${folder}/`)).length > 0) throw new AppError("CONFLICT", "This file was already sent");
}

/** Keeps who the stored file belongs to: counted for the session, deleted with the result or preview. */
export async function recordStoredUpload(
  ctx: AppContext,
  sessionId: string,
  rule: UploadRule,
  stored: { folder: string; size: number },
): Promise<void> {
  try {
    await recordUpload(ctx, { sessionId, resultId: rule.resultId }, { ...stored, waitKey: rule.waitKey });
  } catch (error) {
    // A file without its record escapes the caps and outlives its session: it goes.
    await ctx.files.delete(await ctx.files.list(`${stored.folder}/`));
    throw error;
  }
}

const tooLarge = (limit: number) =>
  new AppError("PAYLOAD_TOO_LARGE", `The file is larger than ${Math.round((limit / 1024 / 1024) * 10) / 10} MB`, {
    headers: { connection: "close" },
  });

export const newUploadFolder = () => randomBytes(18).toString("base64url");
export const isUploadFolder = (folder: string) => FOLDER_PATTERN.test(folder);

/**
 * Streams the body to the file storage as `<folder>/<name>`, counting bytes and stopping at the limit;
 * nothing is left behind on failure. A folder named in advance (a form upload announced with its URL)
 * takes one file only.
 */
export async function storeUpload(
  ctx: AppContext,
  body: Readable,
  name: string,
  limit: number,
  announcedFolder?: string,
  refusal: () => AppError = () => tooLarge(limit),
): Promise<{ folder: string; size: number }> {
  const folder = announcedFolder ?? newUploadFolder();
  if (announcedFolder !== undefined) await assertFolderUnused(ctx, folder);
  if (!isUploadFolder(folder)) throw new AppError("NOT_FOUND", "Upload not found");
  let size = 0;
  async function* withinLimit(): AsyncGenerator<Uint8Array> {
    // Stopping early must not destroy the request: the 413 still has to reach the visitor.
    for await (const chunk of body.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > limit) throw refusal();
      yield chunk;
    }
  }
  try {
    const stored = await ctx.files.put(`${folder}/${name}`, withinLimit());
    return { folder, size: stored.size };
  } catch (error) {
    if (error instanceof StoredFileExists) throw new AppError("CONFLICT", "This file was already sent");
    throw error;
  }
}

export { tooLarge };

/** The stored file for an upload URL, or undefined: only an exact folder and name find anything. */
export async function findUpload(ctx: AppContext, folder: string, name: string): Promise<StoredFile | undefined> {
  if (!FOLDER_PATTERN.test(folder) || safeFileName(name) !== name) return undefined;
  return ctx.files.get(`${folder}/${name}`);
}
