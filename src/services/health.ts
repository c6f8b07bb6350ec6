import { ConfigError } from "../config.js";
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

/** At start: a storage that cannot be used stops the start, saying which setting to look at. */
export async function assertFileStorageUsable(ctx: AppContext): Promise<void> {
  try {
    await ctx.files.check();
  } catch (error) {
    throw new ConfigError(`The file storage (${ctx.files.kind}) cannot be used: ${(error as Error).message}`);
  }
}
