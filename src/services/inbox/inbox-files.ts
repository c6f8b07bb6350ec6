import type { Readable } from "node:stream";
import { AppError } from "../../errors.js";
import type { Caller } from "../../store/users-repository.js";
import type { AppContext } from "../context.js";
import { recordUpload } from "../files/upload-records.js";
import { OPERATOR_UPLOAD, safeFileName, storeUpload, tooLarge } from "../files/uploads.js";
import { assertHolds, requireHandoff, requireOperator } from "./inbox.js";

/** A multipart form's own overhead (boundary lines, part headers): the file is counted exactly as it arrives. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

/** The file as the request carries it; opened only once the caller may send it. */
export type OperatorFile = { fileName?: string; content: Readable };

/**
 * A file an operator sends the visitor: stored as a visitor's upload is (the same size limit,
 * PARLEY_UPLOAD_LIMIT_MB), owned by the chat's session and result so that it goes with them, and
 * served at a URL nobody can guess. Only the operator who has the chat may send one; the body is not
 * read before that is known. The message itself is sent with the reply route (its `fileUrl`).
 */
export async function storeOperatorFile(
  ctx: AppContext,
  caller: Caller,
  target: { workspaceId: string; handoffId: string },
  request: { declaredBytes: number; open(): Promise<OperatorFile> },
): Promise<{ fileUrl: string }> {
  await requireOperator(ctx, caller, target.workspaceId);
  const row = await requireHandoff(ctx, target.workspaceId, target.handoffId);
  assertHolds(row, caller);
  const limit = ctx.config.uploadLimitBytes;
  if (Number.isFinite(request.declaredBytes) && request.declaredBytes - FORM_OVERHEAD_BYTES > limit)
    throw tooLarge(limit);
  const file = await request.open();
  const name = safeFileName(file.fileName);
  if (!name) throw new AppError("FILE_NAME_MISSING", 'Give the file\'s name in the "file" part (its filename)');
  const stored = await storeUpload(ctx, file.content, name, limit);
  try {
    await recordUpload(
      ctx,
      { sessionId: row.sessionId, resultId: row.resultId },
      { ...stored, waitKey: OPERATOR_UPLOAD },
    );
  } catch (error) {
    // A file nobody owns would outlive its chat: it goes.
    await ctx.files.delete(await ctx.files.list(`${stored.folder}/`));
    throw error;
  }
  return { fileUrl: `${ctx.config.publicUrl}/files/${stored.folder}/${encodeURIComponent(name)}` };
}
