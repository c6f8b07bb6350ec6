import type { AppContext } from "../context.js";
import { AppError } from "../../errors.js";
import { StoredFileExists } from "../../integrations/storage/index.js";

/**
 * Who an upload belongs to, kept in the file storage next to the files: `.sessions/<sessionId>/<folder>`
 * and `.results/<resultId>/<folder>`, each holding the upload's size and the wait it answered. They
 * live where the files live (the data folder, PostgreSQL or S3), so every instance sees the same
 * ones and the data folder keeps the layout it always had. Dot-folders never match an upload URL's folder.
 */
export type UploadRecord = { folder: string; size: number; waitKey: string };

/** Every id the server makes has this form; a session or result named otherwise cannot own a file. */
export const SAFE_ID = /^[A-Za-z0-9_-]{1,64}$/;
const recordsFolder = (kind: "sessions" | "results", id: string) => `.${kind}/${id}/`;

export async function recordUpload(
  ctx: AppContext,
  owners: { sessionId: string; resultId?: string | null },
  record: UploadRecord,
): Promise<void> {
  const text = Buffer.from(JSON.stringify({ size: record.size, waitKey: record.waitKey }));
  const targets: ["sessions" | "results", string][] = [["sessions", owners.sessionId]];
  if (owners.resultId) targets.push(["results", owners.resultId]);
  // An owner the record cannot name would leave the file uncounted and never deleted: refused instead.
  if (targets.some(([, id]) => !SAFE_ID.test(id))) throw new AppError("SESSION_NOT_FOUND");
  for (const [kind, id] of targets) {
    try {
      await ctx.files.put(recordsFolder(kind, id) + record.folder, [text], { contentType: "application/json" });
    } catch (error) {
      // Written already (a retried request): the record says the same.
      if (!(error instanceof StoredFileExists)) throw error;
    }
  }
}

/** The uploads a session received so far. */
export async function sessionUploads(ctx: AppContext, sessionId: string): Promise<UploadRecord[]> {
  return readRecords(ctx, "sessions", sessionId);
}

/** Deletes the files of these preview sessions (nobody keeps a preview's files) with their bookkeeping. */
export async function deleteSessionUploads(ctx: AppContext, sessionIds: readonly string[]): Promise<void> {
  for (const id of sessionIds) await deleteOwned(ctx, "sessions", id, true);
}

/** Forgets these sessions' bookkeeping only: their files stay with the result they were given to. */
export async function forgetSessionUploads(ctx: AppContext, sessionIds: readonly string[]): Promise<void> {
  for (const id of sessionIds) await deleteOwned(ctx, "sessions", id, false);
}

/** Deletes the files uploaded to these results (archived or deleted results keep nothing stored). */
export async function deleteResultUploads(ctx: AppContext, resultIds: readonly string[]): Promise<void> {
  for (const id of resultIds) await deleteOwned(ctx, "results", id, true);
}

async function deleteOwned(
  ctx: AppContext,
  kind: "sessions" | "results",
  id: string,
  withFiles: boolean,
): Promise<void> {
  if (!SAFE_ID.test(id)) return;
  const recordKeys = await ctx.files.list(recordsFolder(kind, id));
  if (recordKeys.length === 0) return;
  if (withFiles)
    for (const key of recordKeys) {
      const folder = key.slice(key.lastIndexOf("/") + 1);
      await ctx.files.delete(await ctx.files.list(`${folder}/`));
    }
  await ctx.files.delete(recordKeys);
}

async function readRecords(ctx: AppContext, kind: "sessions" | "results", id: string): Promise<UploadRecord[]> {
  if (!SAFE_ID.test(id)) return [];
  const keys = await ctx.files.list(recordsFolder(kind, id));
  const records = await Promise.all(
    keys.map(async (key) => {
      try {
        const stored = await ctx.files.get(key);
        if (!stored) return undefined;
        const chunks: Buffer[] = [];
        for await (const chunk of stored.stream()) chunks.push(Buffer.from(chunk as Uint8Array));
        const parsed = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Partial<UploadRecord>;
        const folder = key.slice(key.lastIndexOf("/") + 1);
        return { folder, size: Number(parsed.size) || 0, waitKey: String(parsed.waitKey ?? "") };
      } catch {
        return undefined;
      }
    }),
  );
  return records.filter((record): record is UploadRecord => record !== undefined);
}
