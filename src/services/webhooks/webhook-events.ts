import type { Insertable } from "kysely";
import type { TurnResult } from "../../engine/chat-turn.js";
import type { RuntimeBot } from "../../engine/runtime-bot.js";
import { createId } from "../../lib/ids.js";
import type { WebhookEventType } from "../../schemas/webhooks.js";
import type { OutboxTable } from "../../store/database.js";
import type { AppContext } from "../context.js";
import { resultVariables } from "../chat/turn-writes.js";
import type { WebhookTarget } from "./webhook-targets.js";

/** The body of one delivery, signed as it is stored: every retry sends the same bytes. */
export type WebhookMessage = { type: string; timestamp: string; data: Record<string, unknown> };

type VariableRef = { id: string; name: string } | null;

/** What a turn of a live chat did to its own result, as webhooks see it. */
export type ResultTurn = {
  bot: RuntimeBot;
  turn: Pick<TurnResult, "newAnswers" | "results" | "state">;
  resultId: string;
  /** The turn created the result (a start that did not resume a remembered one). */
  created: boolean;
  now: string;
};

function answerVariable(bot: RuntimeBot, blockId: string): VariableRef {
  const block = bot.blockById.get(blockId)?.block as { options?: { variableId?: string } } | undefined;
  const options = block?.options;
  const variable = options?.variableId
    ? bot.document.variables.find((candidate) => candidate.id === options.variableId)
    : undefined;
  return variable ? { id: variable.id, name: variable.name } : null;
}

/** The turn's events, in the order they happened: started, each answer, completed. */
export function resultEvents({ bot, turn, resultId, created, now }: ResultTurn): WebhookMessage[] {
  const base = { botId: bot.id, resultId };
  const events: WebhookMessage[] = [];
  if (created) events.push({ type: "result.started", timestamp: now, data: { ...base, createdAt: now } });
  for (const answer of turn.newAnswers) {
    if ((answer.resultId ?? resultId) !== resultId) continue;
    events.push({
      type: "result.answer",
      timestamp: now,
      data: {
        ...base,
        answer: {
          blockId: answer.blockId,
          groupId: answer.groupId,
          variable: answerVariable(bot, answer.blockId),
          value: answer.content,
        },
      },
    });
  }
  const own = turn.results.find((update) => update.resultId === resultId);
  if (own?.finished && own.answerCount > 0)
    events.push({
      type: "result.completed",
      timestamp: now,
      data: {
        ...base,
        answers: turn.state.answers.map((answer) => ({
          blockId: answer.blockId,
          key: answer.key,
          variable: answerVariable(bot, answer.blockId),
          value: answer.value,
        })),
        variables: resultVariables(own.variables),
      },
    });
  return events;
}

/** One outbox item per event and enabled webhook subscribed to it. */
export function webhookItems(
  targets: readonly WebhookTarget[],
  events: readonly WebhookMessage[],
  resultId: string | null,
  now: string,
): Insertable<OutboxTable>[] {
  const items: Insertable<OutboxTable>[] = [];
  for (const event of events)
    for (const target of targets)
      if (target.events.has(event.type as WebhookEventType) || event.type === "webhook.test")
        items.push({
          id: createId(),
          kind: "webhook",
          payload: JSON.stringify(event),
          resultId,
          targetId: target.id,
          status: "pending",
          attempts: 0,
          dueAt: now,
          createdAt: now,
        });
  return items;
}

/**
 * The webhook deliveries a live chat turn adds to its write. A bot without webhooks pays one cached
 * look-up (WebhookTargetsCache); its events are not even built.
 */
export async function turnWebhookRows(ctx: AppContext, resultTurn: ResultTurn): Promise<Insertable<OutboxTable>[]> {
  const targets = await ctx.webhookTargets.get(resultTurn.bot.id);
  if (targets.length === 0) return [];
  return webhookItems(targets, resultEvents(resultTurn), resultTurn.resultId, resultTurn.now);
}
