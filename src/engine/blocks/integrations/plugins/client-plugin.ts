import { deepSubstitute } from "../../../variables/substitute.js";
import type { ExecutionContext } from "../../executor.js";
import { errorLog } from "../ai/chat-completion.js";

/** Every plug-in block has this shape: an id, an edge and loose options named by their action. */
export type PluginBlock = { id: string; outgoingEdgeId?: string; options?: unknown };

/**
 * A client-side plug-in's options with `{{variables}}` filled in and blank texts dropped (an unset
 * field and an empty one mean the same), so the client receives plain values.
 */
export function pluginOptions(block: PluginBlock, ctx: ExecutionContext): Record<string, unknown> {
  const raw = (block.options ?? {}) as Record<string, unknown>;
  const filled = deepSubstitute(raw, ctx.state.variables) as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(filled)
      .map(([key, value]) => [key, typeof value === "string" ? value.trim() : value] as const)
      .filter(([, value]) => value !== "" && value !== undefined && value !== null),
  );
}

export const text = (value: unknown): string | undefined =>
  typeof value === "string" && value !== "" ? value : undefined;

/** A block without an action, or with one this plug-in does not have: logged, and the flow goes on. */
export function notConfigured(type: string, block: PluginBlock) {
  const action = (block.options as { action?: unknown } | undefined)?.action;
  const description = action ? `${type} has no action "${String(action)}"` : `${type} is not configured`;
  return { outgoingEdgeId: block.outgoingEdgeId, logs: [errorLog(description)] };
}
