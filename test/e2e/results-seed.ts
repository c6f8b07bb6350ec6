import type { Db } from "../../src/store/database.js";

/** A result row written straight to the store, so that tests choose its createdAt and flags. */
export type SeedResult = {
  id: string;
  createdAt: string;
  hasStarted?: boolean;
  isCompleted?: boolean;
  isArchived?: boolean;
  lastInputBlockId?: string | null;
  variables?: { id: string; name: string; value?: string | (string | null)[] | null }[];
  answers?: { blockId: string; content: string; attachedFileUrls?: string[] }[];
};

export async function seedResults(db: Db, botId: string, results: readonly SeedResult[]): Promise<void> {
  if (results.length === 0) return;
  await db
    .insertInto("results")
    .values(
      results.map((result) => ({
        id: result.id,
        botId,
        botVersionId: null,
        variables: JSON.stringify(result.variables ?? []),
        isCompleted: result.isCompleted ? 1 : 0,
        hasStarted: (result.hasStarted ?? true) ? 1 : 0,
        isArchived: result.isArchived ? 1 : 0,
        lastChatSessionId: `session-${result.id}`,
        lastInputBlockId: result.lastInputBlockId ?? null,
        createdAt: result.createdAt,
        updatedAt: result.createdAt,
      })) as never,
    )
    .execute();
  const answers = results.flatMap((result) =>
    (result.answers ?? []).map((answer, position) => ({
      id: `${result.id}-answer-${position}`,
      resultId: result.id,
      blockId: answer.blockId,
      groupId: null,
      position,
      content: answer.content,
      attachedFileUrls: answer.attachedFileUrls ? JSON.stringify(answer.attachedFileUrls) : null,
      createdAt: result.createdAt,
    })),
  );
  for (let index = 0; index < answers.length; index += 200)
    await db
      .insertInto("answers")
      .values(answers.slice(index, index + 200))
      .execute();
}

/** The ISO timestamp `minutesAgo` minutes before `now`. */
export function minutesBefore(now: Date, minutesAgo: number): string {
  return new Date(now.getTime() - minutesAgo * 60_000).toISOString();
}
