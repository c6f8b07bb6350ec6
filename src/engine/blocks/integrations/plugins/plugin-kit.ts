import type { PluginBlockType } from "../../../../schemas/blocks/index.js";
import type { ChatLog } from "../../../../schemas/chat.js";
import type { ServiceEffect, ServiceEffectKind, ServiceEffectRequests, TurnEffect } from "../../../effects.js";
import type { EnginePorts, IntegrationScope, PluginFailure } from "../../../ports.js";
import { serializeVariableValue } from "../../../variables/serialize.js";
import { deepSubstitute } from "../../../variables/substitute.js";
import type { ExecutionContext, VariableUpdate } from "../../executor.js";
import { errorLog, failureLog } from "../ai/chat-completion.js";
import { integrationScope } from "../integration-scope.js";
import { type ForgedOptions, notConfigured, type PluginExecutor } from "./plugin-block.js";

/**
 * What a plug-in action gives back; the flow always goes on along the block's edge. A change made in
 * the service is an effect, sent once the turn is saved (src/services/outbox/service-effect-items.ts).
 */
export type PluginResult = { variables?: VariableUpdate[]; logs?: ChatLog[]; effects?: TurnEffect[] };

/** What an action handler gets: its port, the credential it names, the chat's scope and variables. */
export type PluginCall<P> = {
  port: P;
  credentialsId: string;
  scope: IntegrationScope;
  ctx: ExecutionContext;
};

export type PluginAction<O, P> = (options: O, call: PluginCall<P>) => Promise<PluginResult> | PluginResult;

/** The options a plug-in kind stores (checked with the bot document, by its block schema). */
export type PluginOptionsOf<T extends PluginBlockType> = ForgedOptions[T];

/**
 * A plug-in block that calls a service with a workspace credential. Its options' `{{variables}}` are
 * substituted before the action named in them runs; a block without an action, credential or port is
 * logged, as is every failure of the service (with context), and the flow goes on along the block's
 * edge either way.
 */
export function servicePluginExecutor<T extends PluginBlockType, P>(
  type: T,
  definition: {
    port: (ports: EnginePorts) => P | undefined;
    /** Shown when the server has no adapter for it: "<service> is not available on this server". */
    service: string;
    actions: Record<string, PluginAction<PluginOptionsOf<T>, P>>;
  },
): PluginExecutor<T> {
  return {
    kind: "action",
    async execute(block, ctx) {
      const next = { outgoingEdgeId: block.outgoingEdgeId };
      const stored: PluginOptionsOf<T> | undefined = block.options;
      const action = stored?.action;
      const run = action && Object.hasOwn(definition.actions, action) ? definition.actions[action] : undefined;
      if (!stored || !run) return notConfigured(type, block);
      const { credentialsId } = stored;
      if (typeof credentialsId !== "string" || !credentialsId)
        return { ...next, logs: [errorLog(`Could not find credentials for block ${type}`)] };
      const port = definition.port(ctx.ports);
      if (!port) return { ...next, logs: [errorLog(`${definition.service} is not available on this server`)] };
      const options = deepSubstitute(stored, ctx.state.variables);
      const result = await run(options, { port, credentialsId, scope: integrationScope(ctx), ctx });
      return {
        ...next,
        ...(result.variables?.length ? { variables: result.variables } : {}),
        ...(result.logs?.length ? { logs: result.logs } : {}),
        ...(result.effects?.length ? { effects: result.effects } : {}),
      };
    },
  };
}

/** A text option with a value: empty texts (an unset variable, a cleared field) count as unset, as in the reference. */
export const filled = (value: string | undefined): string | undefined =>
  value !== undefined && value.trim() !== "" ? value : undefined;

/** `[{key, value}]` rows as an object; rows without a key or a value are left out. */
export function keyValues(rows: readonly { key?: string; value?: string }[] | undefined): Record<string, string> {
  const entries = (rows ?? []).flatMap((row) => {
    const key = filled(row.key);
    const value = filled(row.value);
    return key && value !== undefined ? [[key, value] as const] : [];
  });
  return Object.fromEntries(entries);
}

/** A value for a variable the bot has; nothing for a mapping to a variable that is gone. */
export function variableUpdate(
  ctx: ExecutionContext,
  variableId: string | undefined,
  value: unknown,
): VariableUpdate | undefined {
  if (!variableId || !ctx.state.variables.some((variable) => variable.id === variableId)) return undefined;
  return { id: variableId, value: serializeVariableValue(value) };
}

/** A service's failure as a log: the reference's text alone for a missing credential, else with context. */
export const serviceFailureLog = (failure: PluginFailure, context: string): ChatLog => failureLog(failure, context);

/** An author's mistake in the block (a required field left empty): logged, nothing sent. */
export const missingLog = (description: string): ChatLog => errorLog(description);

export const infoLog = (description: string, details?: string): ChatLog => ({
  status: "info",
  description,
  ...(details ? { details } : {}),
});

/**
 * A service call that changes something, as an effect of the turn: sent after the turn is saved, its
 * failure logged on the chat's result (`failureContext` says what it was doing).
 */
export function serviceEffect<K extends ServiceEffectKind>(
  kind: K,
  request: ServiceEffectRequests[K],
  { scope, ctx }: Pick<PluginCall<unknown>, "scope" | "ctx">,
  failureContext: string,
): PluginResult {
  const effect = {
    kind,
    request,
    scope,
    failureContext,
    ...(ctx.state.resultId ? { resultId: ctx.state.resultId } : {}),
  } as ServiceEffect;
  return { effects: [effect] };
}
