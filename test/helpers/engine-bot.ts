import { createRuntimeBot, type BotDocument, type RuntimeBot } from "../../src/engine/runtime-bot.js";
import type { EnginePorts } from "../../src/engine/ports.js";
import { botDocumentSchema } from "../../src/schemas/bot.js";

/** A validated runtime bot from a compact description, for engine tests without a server. */
export function engineBot(
  document: Omit<Partial<BotDocument>, "groups" | "edges" | "events" | "variables"> & {
    groups: unknown[];
    edges?: unknown[];
    events?: unknown[];
    variables?: unknown[];
  },
): RuntimeBot {
  const parsed = botDocumentSchema.parse({
    version: "6",
    events: [{ id: "start", type: "start", graphCoordinates: { x: 0, y: 0 }, outgoingEdgeId: "e-start" }],
    edges: [{ id: "e-start", from: { eventId: "start" }, to: { groupId: (document.groups[0] as { id: string }).id } }],
    variables: [],
    theme: {},
    settings: {},
    ...document,
  });
  return createRuntimeBot("bot-1", parsed as BotDocument);
}

export const text = (id: string, value: string) => ({
  id,
  type: "text",
  content: { richText: [{ type: "p", children: [{ text: value }] }] },
});
export const group = (id: string, blocks: unknown[], title = id) => ({
  id,
  title,
  graphCoordinates: { x: 0, y: 0 },
  blocks,
});
export const edge = (id: string, groupId: string, blockId?: string) => ({
  id,
  from: { blockId: "x" },
  to: { groupId, ...(blockId ? { blockId } : {}) },
});

/** Deterministic ports: a fixed clock, counting ids and a scripted random draw. */
export function fakePorts(draws: number[] = [0.5]): EnginePorts {
  let id = 0;
  let draw = 0;
  return {
    clock: { now: () => new Date("2026-01-15T10:00:00Z") },
    random: { id: () => `id-${++id}`, number: () => draws[draw++ % draws.length] },
  };
}

export const texts = (messages: { content: Record<string, unknown> }[]) =>
  messages.map((m) =>
    (m.content.richText as { children: { text: string }[] }[])[0].children.map((c) => c.text).join(""),
  );
