import type { ForgedBlockType } from "../../../../schemas/blocks/index.js";
import { serializeVariableValue } from "../../../variables/serialize.js";
import { substituteVariables } from "../../../variables/substitute.js";
import type { VariableLike } from "../../../variables/types.js";
import type { ActionExecutor, ActionOutcome, ExecutionContext, VariableUpdate } from "../../executor.js";
import type { ChatLog } from "../../../../schemas/chat.js";
import type { AiFailure } from "../../../ports.js";
import { errorLog } from "../ai/chat-completion.js";

/** Every plug-in block has the same shape: an id, an edge and loose options. */
export type PluginBlock = { id: string; outgoingEdgeId?: string; options?: unknown };
type Runner = (block: PluginBlock, ctx: ExecutionContext) => ActionOutcome | Promise<ActionOutcome>;

/**
 * A plug-in block that runs the action its options name. A block without an action is logged as not
 * configured, an action the plug-in does not have is logged too; either way the flow goes on.
 */
export function pluginExecutor<T extends ForgedBlockType>(
  type: T,
  actions: Record<string, Runner>,
  resume?: (block: PluginBlock, reply: string | undefined, ctx: ExecutionContext) => ActionOutcome,
): ActionExecutor<T> {
  return {
    kind: "action",
    execute(typed, ctx) {
      const block = typed as PluginBlock;
      const action = (block.options as { action?: unknown } | undefined)?.action;
      const run = typeof action === "string" && Object.hasOwn(actions, action) ? actions[action] : undefined;
      if (run) return run(block, ctx);
      const description = action ? `${type} has no action "${String(action)}"` : `${type} is not configured`;
      return { outgoingEdgeId: block.outgoingEdgeId, logs: [errorLog(description)] };
    },
    ...(resume ? { resume: (block, reply, ctx) => resume(block as PluginBlock, reply, ctx) } : {}),
  };
}

/** A text option with its `{{variables}}` filled, trimmed ("" when unset). */
export const filledText = (value: string | undefined, variables: readonly VariableLike[]) =>
  substituteVariables(value ?? "", variables).trim();

/** The value into the variable, when the bot has it (a deleted variable's id is passed over). */
export const saveInVariable = (
  variables: readonly VariableLike[],
  variableId: string | undefined,
  value: unknown,
): VariableUpdate[] =>
  variableId && value !== undefined && variables.some((variable) => variable.id === variableId)
    ? [{ id: variableId, value: serializeVariableValue(value) }]
    : [];

/** The log of a block whose port this server does not have. */
export const unavailableLog = (label: string) => errorLog(`${label} is not available on this server`);

/**
 * A failed call's log with its context. A failure without details never reached the service (no such
 * credentials, no key in them): it reads like the guards' logs, without context.
 */
export const pluginFailureLog = (failure: AiFailure, context: string): ChatLog =>
  failure.details === undefined ? errorLog(failure.error) : errorLog(failure.error, failure.details, context);
