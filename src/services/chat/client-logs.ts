import type { z } from "zod";
import { notFound } from "../../errors.js";
import type { clientLogsInputSchema } from "../../schemas/chat.js";
import { nowIso } from "../../lib/ids.js";
import { loadSessionState } from "../../schemas/session-state-upgrade.js";
import type { AppContext } from "../context.js";
import { assertOriginAllowed, type CallingOrigin } from "./origin.js";
import { requireLiveSession, sessionBot } from "./sessions.js";
import { logRows } from "./turn-writes.js";

type ClientLogsInput = z.output<typeof clientLogsInputSchema>;

export async function saveClientLogs(
  ctx: AppContext,
  sessionId: string,
  input: ClientLogsInput,
  origin: CallingOrigin,
) {
  const now = nowIso();
  const session = await requireLiveSession(ctx, sessionId, now);
  if (!session.resultId) throw notFound("Result not found.");
  assertOriginAllowed(await sessionBot(ctx, session), origin);
  // While a linked bot with a result of its own runs, what its client reports belongs there.
  const { resultId } = loadSessionState(session.state);
  await ctx.results.insertLogs(ctx.store.db, logRows(resultId ?? session.resultId, input.clientLogs, now));
  return { message: "Logs successfully saved." };
}
