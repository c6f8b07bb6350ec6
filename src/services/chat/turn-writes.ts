import type { Insertable } from "kysely";
import type { TurnResult } from "../../engine/chat-turn.js";
import type { RuntimeBot } from "../../engine/runtime-bot.js";
import type { SessionState } from "../../engine/session-state.js";
import type { ChatLog } from "../../schemas/chat.js";
import { createId } from "../../lib/ids.js";
import type { AnswersTable, LogsTable } from "../../store/database.js";
import type { ResultWrite } from "../../store/chat-repository.js";
import { flag } from "../../store/results-repository.js";
import { waitingInputBlockId } from "../results/waiting-input.js";

const MAX_LOG_DETAILS = 1000;

/** Logs that may carry data of the bot owner's integrations are kept out of public replies. */
const sensitiveLogDescriptions = new Set(["Webhook successfuly executed.", "Webhook returned an error.", "Email successfully sent", "Email not sent"]);

export function publicLogs(logs: ChatLog[] | undefined): ChatLog[] | undefined {
  const visible = logs?.filter((log) => !sensitiveLogDescriptions.has(log.description));
  return visible && visible.length > 0 ? visible : undefined;
}

function detailsText(details: unknown): string | null {
  if (details === undefined || details === null) return null;
  const text = typeof details === "string" ? details : JSON.stringify(details);
  return text.length > MAX_LOG_DETAILS ? `${text.slice(0, MAX_LOG_DETAILS)}...` : text;
}

export function logRows(resultId: string, logs: readonly { status?: string; description: string; details?: unknown; context?: string }[], now: string): Insertable<LogsTable>[] {
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

export function answerRows(resultId: string, turn: TurnResult, now: string): Insertable<AnswersTable>[] {
  return turn.newAnswers.map((answer) => ({
    id: createId(),
    resultId,
    blockId: answer.blockId,
    groupId: answer.groupId || null,
    position: answer.position,
    content: answer.content,
    attachedFileUrls: answer.attachedFileUrls ? JSON.stringify(answer.attachedFileUrls) : null,
    createdAt: now,
  }));
}

/** Only non-session variables that hold a value are kept with the result. */
export function resultVariables(state: SessionState) {
  return state.variables
    .filter((variable) => !variable.isSessionVariable && variable.value !== undefined && variable.value !== null)
    .map(({ id, name, value }) => ({ id, name, value }));
}

export function resultWrite(bot: RuntimeBot, versionId: string, state: SessionState, sessionId: string, ended: boolean, now: string, createdAt: string): ResultWrite {
  const hasStarted = state.totalAnswers > 0;
  return {
    row: {
      id: state.resultId!,
      botId: bot.id,
      botVersionId: versionId,
      variables: JSON.stringify(resultVariables(state)),
      isCompleted: flag(ended && hasStarted),
      hasStarted: flag(hasStarted),
      isArchived: 0,
      lastChatSessionId: sessionId,
      lastInputBlockId: waitingInputBlockId(bot, state),
      createdAt,
      updatedAt: now,
    },
    markCompleted: ended && hasStarted,
  };
}
