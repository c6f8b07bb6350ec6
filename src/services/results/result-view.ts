import type { Result } from "../../schemas/result.js";
import type { ResultRow } from "../../store/database.js";
import type { AnswerRow } from "../../store/results-repository.js";

export function parseFileUrls(stored: string | null): string[] {
  if (!stored) return [];
  try {
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed) ? parsed.filter((url): url is string => typeof url === "string") : [];
  } catch {
    return [];
  }
}

export function parseResultVariables(stored: string): Result["variables"] {
  try {
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed) ? (parsed as Result["variables"]) : [];
  } catch {
    return [];
  }
}

/** The Result resource: flags as booleans, answers in the order given with their files. */
export function toApiResult(row: ResultRow, answers: readonly AnswerRow[]): Result {
  return {
    id: row.id,
    createdAt: row.createdAt,
    botId: row.botId,
    variables: parseResultVariables(row.variables),
    isCompleted: Boolean(row.isCompleted),
    hasStarted: Boolean(row.hasStarted),
    isArchived: Boolean(row.isArchived),
    ...(row.lastChatSessionId ? { lastChatSessionId: row.lastChatSessionId } : {}),
    answers: answers.map((answer) => ({
      blockId: answer.blockId,
      content: answer.content,
      attachedFileUrls: parseFileUrls(answer.attachedFileUrls),
    })),
  };
}
