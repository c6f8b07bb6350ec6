import { botDocumentSchema, type BotDocument } from "../../../src/schemas/bot.js";

/** Small v6 documents for the lint checks, validated by the real schema so they stay realistic. */
type Json = Record<string, unknown>;

export const say = (id: string, text: string): Json => ({
  id,
  type: "text",
  content: { richText: [{ type: "p", children: [{ text }] }] },
});
export const ask = (id: string, variableId?: string, outgoingEdgeId?: string): Json => ({
  id,
  type: "text input",
  ...(variableId ? { options: { variableId } } : {}),
  ...(outgoingEdgeId ? { outgoingEdgeId } : {}),
});
export const choice = (
  id: string,
  items: { id: string; content: string; outgoingEdgeId?: string }[],
  extra: Json = {},
): Json => ({
  id,
  type: "choice input",
  items,
  ...extra,
});
export const setVariable = (id: string, variableId: string, extra: Json = {}): Json => ({
  id,
  type: "Set variable",
  options: { variableId, expressionToEvaluate: "1" },
  ...extra,
});

export const group = (id: string, blocks: Json[], title = id): Json => ({
  id,
  title,
  graphCoordinates: { x: 0, y: 0 },
  blocks,
});
export const edge = (id: string, groupId: string, blockId?: string): Json => ({
  id,
  from: { blockId: "b-any" },
  to: { groupId, ...(blockId ? { blockId } : {}) },
});

export function flow(parts: {
  groups: Json[];
  edges?: Json[];
  variables?: Json[];
  start?: string | null;
  events?: Json[];
}): BotDocument {
  const start = parts.start === null ? {} : { outgoingEdgeId: parts.start ?? "e-start" };
  const startEdge =
    parts.start === undefined
      ? [{ id: "e-start", from: { eventId: "ev-start" }, to: { groupId: (parts.groups[0] as { id: string }).id } }]
      : [];
  return botDocumentSchema.parse({
    version: "6",
    events: [{ id: "ev-start", type: "start", graphCoordinates: { x: 0, y: 0 }, ...start }, ...(parts.events ?? [])],
    groups: parts.groups,
    edges: [...startEdge, ...(parts.edges ?? [])],
    variables: parts.variables ?? [],
    theme: {},
    settings: {},
  });
}
