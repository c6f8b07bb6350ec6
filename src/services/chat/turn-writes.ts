import type { Insertable } from "kysely";
import { AppError } from "../../errors.js";
import type { SessionState } from "../../engine/session-state.js";
import type { AppContext } from "../context.js";
import type { TurnResult } from "../../engine/chat-turn.js";
import type { VariableLike } from "../../engine/variables/types.js";
import type { ChatLog } from "../../schemas/chat.js";
import { createId } from "../../lib/ids.js";
import type { AnswersTable, Flag, LogsTable } from "../../store/database.js";
import type { ResultWrite } from "../../store/chat-repository.js";
import { flag, IDLE_LOG_CONTEXT } from "../../store/results-repository.js";
import { lastInputBlockId } from "../results/waiting-input.js";

const MAX_LOG_DETAILS = 1000;

/**
 * The session's state as stored. A turn that would make it larger than PARLEY_MAX_SESSION_BYTES is
 * refused before anything of it is written: the session stays as it was before the turn.
 */
export function storedState(ctx: Pick<AppContext, "config">, state: SessionState): string {
  const text = JSON.stringify(state);
  const limit = ctx.config.limits.sessionBytes;
  if (text.length > limit || Buffer.byteLength(text) > limit)
    throw new AppError(
      "SESSION_TOO_LARGE",
      `This chat would keep more than ${limit} bytes; the message was not taken. Start a new chat.`,
    );
  return text;
}

/** Logs that may carry data of the bot owner's integrations are kept out of public replies. */
const sensitiveLogDescriptions = new Set([
  "Webhook successfuly executed.",
  "Webhook returned an error.",
  "Email successfully sent",
  "Email not sent",
  // Names the bot's body paths: the bot owner's to read in the result's logs, not the visitor's.
  "A value could not be read from the webhook's body",
]);

export function publicLogs(logs: ChatLog[] | undefined): ChatLog[] | undefined {
  const visible = logs?.filter((log) => !sensitiveLogDescriptions.has(log.description));
  return visible && visible.length > 0 ? visible : undefined;
}

function detailsText(details: unknown): string | null {
  if (details === undefined || details === null) return null;
  const text = typeof details === "string" ? details : JSON.stringify(details);
  return text.length > MAX_LOG_DETAILS ? `${text.slice(0, MAX_LOG_DETAILS)}...` : text;
}

export function logRows(
  resultId: string,
  logs: readonly { status?: string; description: string; details?: unknown; context?: string }[],
  now: string,
): Insertable<LogsTable>[] {
  return logs.map((log) => ({
    id: createId(),
    resultId,
    status: log.status ?? "error",
    description: log.description,
    details: detailsText(log.details),
    context: log.context ?? null,
    createdAt: now,
  }));
}

/** Each answer on the result it was given to; `fallbackResultId` for answers that name none. */
export function answerRows(
  fallbackResultId: string,
  turn: Pick<TurnResult, "newAnswers">,
  now: string,
): Insertable<AnswersTable>[] {
  return turn.newAnswers.map((answer) => ({
    id: createId(),
    resultId: answer.resultId ?? fallbackResultId,
    blockId: answer.blockId,
    groupId: answer.groupId || null,
    position: answer.position,
    content: answer.content,
    attachedFileUrls: answer.attachedFileUrls ? JSON.stringify(answer.attachedFileUrls) : null,
    createdAt: now,
  }));
}

/** Only non-session variables that hold a value are kept with the result. */
export function resultVariables(variables: readonly VariableLike[]) {
  return variables
    .filter((variable) => !variable.isSessionVariable && variable.value !== undefined && variable.value !== null)
    .map(({ id, name, value }) => ({ id, name, value }));
}

/** The session's own result: its version and creation time are the services' to say. */
export type SessionResult = { id: string; botVersionId: string; createdAt: string; isStaging: Flag };

/**
 * One row per result the turn touched. A result is completed once its flow is over with at least
 * one answer: the chat ended, or the linked bot it belongs to finished. A linked bot's result names
 * that bot and the published version it ran.
 */
export function resultWrites(
  turn: Pick<TurnResult, "results">,
  own: SessionResult,
  sessionId: string,
  now: string,
): ResultWrite[] {
  return turn.results.map((update) => {
    const isOwn = update.resultId === own.id;
    const hasStarted = update.answerCount > 0;
    return {
      id: update.resultId,
      botId: update.botId,
      botVersionId: isOwn ? own.botVersionId : (update.botVersionId ?? own.botVersionId),
      variables: JSON.stringify(resultVariables(update.variables)),
      isCompleted: flag(update.finished && hasStarted),
      hasStarted: flag(hasStarted),
      isArchived: 0,
      lastChatSessionId: sessionId,
      lastInputBlockId: lastInputBlockId(update),
      // A linked bot's result from a staging chat is a try-out too.
      isStaging: own.isStaging,
      createdAt: isOwn ? own.createdAt : now,
      updatedAt: now,
    };
  });
}

/** Logs go to the result the session is on when the turn ends (a linked bot's own while it runs). */
export function turnLogRows(
  turn: Pick<TurnResult, "state" | "logs" | "idled">,
  ownResultId: string,
  now: string,
): Insertable<LogsTable>[] {
  const rows = logRows(turn.state.resultId ?? ownResultId, turn.logs, now);
  // The result keeps a trace of the question left unanswered (the visitor never sees it as a log).
  if (turn.idled)
    rows.push(
      ...logRows(
        turn.idled.resultId ?? ownResultId,
        [
          {
            status: "info",
            description: `No answer within ${turn.idled.seconds} s`,
            details: turn.idled.blockId,
            context: IDLE_LOG_CONTEXT,
          },
        ],
        now,
      ),
    );
  return rows;
}
