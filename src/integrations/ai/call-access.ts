import { jsonSchema, tool, type ToolSet } from "ai";
import type { AiTool } from "../../engine/ports.js";
import type { ProviderAccess } from "./language-models.js";

// Shared by ai-port.ts and openai-actions.ts (which ai-port.ts builds), so neither imports the other back.

/** One call's access: the provider's address and key, a fetch bound to the address guard and the deadline. */
export type CallAccess = ProviderAccess & { signal: AbortSignal; done(): void };

/** The bot's tools for the AI SDK: each call runs the bot's code and answers its text. */
export function toolSet(tools: AiTool[]): ToolSet {
  return Object.fromEntries(
    tools.map((entry) => [
      entry.name,
      tool({
        ...(entry.description ? { description: entry.description } : {}),
        inputSchema: jsonSchema<Record<string, unknown>>(entry.parameters),
        execute: (args: Record<string, unknown>) => entry.run(args),
      }),
    ]),
  );
}
