import { checkStore } from "../store/connect.js";
import type { AppContext } from "./context.js";

/** Rejects when the database cannot answer a trivial query. */
export function checkDatabase(ctx: AppContext): Promise<void> {
  return checkStore(ctx.store);
}
