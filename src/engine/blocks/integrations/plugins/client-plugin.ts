import { deepSubstitute } from "../../../variables/substitute.js";
import type { ExecutionContext } from "../../executor.js";
import type { PluginBlock } from "./plugin-block.js";

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
