import type { Block, ForgedBlockType } from "../../../../schemas/blocks/index.js";
import { serializeVariableValue } from "../../../variables/serialize.js";
import { substituteVariables } from "../../../variables/substitute.js";
import type { VariableLike } from "../../../variables/types.js";
import type { ActionOutcome, ExecutionContext, VariableUpdate } from "../../executor.js";
import type { ChatLog } from "../../../../schemas/chat.js";
import type { AiFailure } from "../../../ports.js";
import { errorLog } from "../ai/chat-completion.js";

/** Each plug-in kind's options, as its block schema has them. */
export type ForgedOptions = { [K in ForgedBlockType]: NonNullable<Extract<Block, { type: K }>["options"]> };
/** A plug-in block of one kind, with that kind's options (its type aside: generic code cannot narrow it). */
export type PluginBlockOf<T extends ForgedBlockType> = {
  id: string;
  outgoingEdgeId?: string;
  options?: ForgedOptions[T];
};
/**
 * The executor the generic helpers below build for a kind: it takes the kind's block by its shape, so
 * it fits the kind's `ActionExecutor` entry in the registry once the kind is known.
 */
export type PluginExecutor<T extends ForgedBlockType> = {
  kind: "action";
  execute(block: PluginBlockOf<T>, ctx: ExecutionContext): ActionOutcome | Promise<ActionOutcome>;
  resume?(block: PluginBlockOf<T>, reply: string | undefined, ctx: ExecutionContext): ActionOutcome;
};
type Runner<T extends ForgedBlockType> = (
  block: PluginBlockOf<T>,
  ctx: ExecutionContext,
) => ActionOutcome | Promise<ActionOutcome>;

/**
 * A plug-in block that runs the action its options name. A block without an action is logged as not
 * configured, an action the plug-in does not have is logged too; either way the flow goes on.
 */
export function pluginExecutor<T extends ForgedBlockType>(
  type: T,
  actions: Record<string, Runner<T>>,
  resume?: (block: PluginBlockOf<T>, reply: string | undefined, ctx: ExecutionContext) => ActionOutcome,
): PluginExecutor<T> {
  return {
    kind: "action",
    execute(block, ctx) {
      const action = block.options?.action;
      const run = action && Object.hasOwn(actions, action) ? actions[action] : undefined;
      return run ? run(block, ctx) : notConfigured(type, block);
    },
    ...(resume ? { resume } : {}),
  };
}

/** A block without an action, or with one this plug-in does not have: logged, and the flow goes on. */
export function notConfigured(
  type: ForgedBlockType,
  block: { outgoingEdgeId?: string; options?: { action?: string } },
): ActionOutcome {
  const action = block.options?.action;
  const description = action ? `${type} has no action "${String(action)}"` : `${type} is not configured`;
  return { outgoingEdgeId: block.outgoingEdgeId, logs: [errorLog(description)] };
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
