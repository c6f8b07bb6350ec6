import fs from "node:fs";
import path from "node:path";
import type { AppContext } from "../context.js";

/**
 * Who an upload belongs to, kept next to the files: `<uploads>/.sessions/<sessionId>/<folder>` and
 * `<uploads>/.results/<resultId>/<folder>`, each holding the upload's size and the wait it answered.
 * Uploads live on the server's disk, not in the database, so their bookkeeping does too (and it works
 * the same on both databases). Dot-folders never match an upload URL's folder.
 */
export type UploadRecord = { folder: string; size: number; waitKey: string };

const SAFE_ID = /^[A-Za-z0-9_-]{1,64}$/;
const recordsDir = (ctx: AppContext, kind: "sessions" | "results", id: string) =>
  path.join(ctx.config.dataDir, "uploads", `.${kind}`, id);

export async function recordUpload(
  ctx: AppContext,
  owners: { sessionId: string; resultId?: string | null },
  record: UploadRecord,
): Promise<void> {
  const text = JSON.stringify({ size: record.size, waitKey: record.waitKey });
  const targets: ["sessions" | "results", string][] = [["sessions", owners.sessionId]];
  if (owners.resultId) targets.push(["results", owners.resultId]);
  for (const [kind, id] of targets) {
    if (!SAFE_ID.test(id)) continue;
    const dir = recordsDir(ctx, kind, id);
    await fs.promises.mkdir(dir, { recursive: true });
    await fs.promises.writeFile(path.join(dir, record.folder), text);
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

/** Deletes the files uploaded to these results (archived or deleted results keep nothing on disk). */
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
  if (withFiles)
    for (const record of await readRecords(ctx, kind, id))
      await fs.promises.rm(path.join(ctx.config.dataDir, "uploads", record.folder), { recursive: true, force: true });
  await fs.promises.rm(recordsDir(ctx, kind, id), { recursive: true, force: true });
}

async function readRecords(ctx: AppContext, kind: "sessions" | "results", id: string): Promise<UploadRecord[]> {
  if (!SAFE_ID.test(id)) return [];
  const dir = recordsDir(ctx, kind, id);
  let names: string[];
  try {
    names = await fs.promises.readdir(dir);
  } catch {
    return [];
  }
  const records = await Promise.all(
    names.map(async (folder) => {
      try {
        const parsed = JSON.parse(await fs.promises.readFile(path.join(dir, folder), "utf8")) as Partial<UploadRecord>;
        return { folder, size: Number(parsed.size) || 0, waitKey: String(parsed.waitKey ?? "") };
      } catch {
        return undefined;
      }
    }),
  );
  return records.filter((record): record is UploadRecord => record !== undefined);
}
