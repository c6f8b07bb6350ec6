import { AppError } from "../../errors.js";
import { serializeVariableValue } from "../../engine/variables/serialize.js";
import { setVariableValues, type VariableUpdate } from "../../engine/variables/update.js";
import { createId, nowIso } from "../../lib/ids.js";
import { loadSessionState } from "../../schemas/session-state-upgrade.js";
import { SessionConflictError } from "../../store/chat-repository.js";
import type { Caller } from "../../store/users-repository.js";
import type { AppContext } from "../context.js";
import { storedState } from "../chat/turn-writes.js";
import { requireLiveSession } from "../chat/sessions.js";
import { handoffsOf, inboxSignal } from "./handoff-turns.js";
import { assertHolds, requireHandoff, requireOperator } from "./inbox.js";

/** A variable's new value as the operator gives it: a text, a number, a yes/no, a list, or null to empty it. */
export type OperatorVariableValue = string | number | boolean | null | (string | number | boolean | null)[];

/**
 * Sets the chat's variables (by name) while the caller has it: the flow reads them once the chat is
 * handed back. Only the session's state changes, under its revision, so a turn saved meanwhile makes
 * this call fail (409) rather than be overwritten. A name the bot does not have is refused (400).
 */
export async function setInboxChatVariables(
  ctx: AppContext,
  caller: Caller,
  target: { workspaceId: string; handoffId: string },
  values: Record<string, OperatorVariableValue>,
): Promise<{ variables: { name: string; value: string | (string | null)[] | null }[] }> {
  await requireOperator(ctx, caller, target.workspaceId);
  const row = await requireHandoff(ctx, target.workspaceId, target.handoffId);
  assertHolds(row, caller);
  const now = nowIso();
  const session = await requireLiveSession(ctx, row.sessionId, now);
  const state = loadSessionState(session.state);
  const updates: VariableUpdate[] = [];
  const unknown: string[] = [];
  for (const [name, value] of Object.entries(values)) {
    const variable = state.variables.find((candidate) => candidate.name === name);
    if (variable) updates.push({ id: variable.id, value: serializeVariableValue(value) });
    else unknown.push(name);
  }
  if (unknown.length > 0)
    throw new AppError(
      "BAD_REQUEST",
      `The bot has no variable named ${unknown.map((name) => `"${name}"`).join(", ")}`,
      {
        issues: unknown.map((name) => ({ path: `variables.${name}`, message: "No such variable in this bot" })),
      },
    );
  const variables = setVariableValues(state.variables, updates);
  try {
    await ctx.chat.writeTurn({
      session: {
        kind: "update",
        id: session.id,
        expectedRevision: session.revision,
        state: storedState(ctx, { ...state, variables }),
        updatedAt: now,
      },
      results: [],
      answers: [],
      logs: [],
    });
  } catch (error) {
    if (error instanceof SessionConflictError)
      throw new AppError("CONFLICT", "The chat changed at the same time; set the variables again");
    throw error;
  }
  // The team sees in the transcript who set what (the values stay in the chat's variables).
  await handoffsOf(ctx).addMessage({
    id: createId(),
    handoffId: row.id,
    author: "note",
    authorName: (await handoffsOf(ctx).userName(caller.userId)) ?? "Operator",
    userId: caller.userId,
    text: `Set the variables ${updates.map((update) => variables.find((variable) => variable.id === update.id)!.name).join(", ")}`,
    fileUrl: null,
    createdAt: now,
  });
  ctx.sessionSignals.publish(inboxSignal(row.workspaceId));
  return {
    variables: updates.map((update) => {
      const variable = variables.find((candidate) => candidate.id === update.id)!;
      return { name: variable.name, value: variable.value ?? null };
    }),
  };
}
