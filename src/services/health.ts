import { checkStore } from "../store/connect.js";
import type { AppContext } from "./context.js";

/** Rejects when the database cannot answer a trivial query. */
export function checkDatabase(ctx: AppContext): Promise<void> {
  return checkStore(ctx.store);
}

/** Rejects when the file storage (data folder, PostgreSQL tables or S3 bucket) cannot be reached or written. */
export function checkFileStorage(ctx: AppContext): Promise<void> {
  return ctx.files.check();
}
