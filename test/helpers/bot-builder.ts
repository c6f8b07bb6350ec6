import { richText } from "./sample-bots.js";

/** Small v6 bot documents for the tests: a bot from its groups, and the blocks and edges they hold. */

type Json = Record<string, any>;
export type GroupSpec = { id: string; title?: string; blocks: Json[] };
export type BotSpec = {
  groups: GroupSpec[];
  edges?: Json[];
  variables?: { id: string; name: string; value?: string | (string | null)[] | null; isSessionVariable?: boolean }[];
  events?: Json[];
  theme?: Json;
  settings?: Json;
};

/** A v6 bot whose start event leads to the first group. */
export function buildBot(spec: BotSpec): Json {
  const first = spec.groups[0];
  return {
    version: "6",
    name: "Scripted bot",
    events: [
      { id: "ev-start", type: "start", graphCoordinates: { x: 0, y: 0 }, outgoingEdgeId: "e-start" },
      ...(spec.events ?? []),
    ],
    groups: spec.groups.map((group, index) => ({
      title: group.id,
      graphCoordinates: { x: 200 * (index + 1), y: 0 },
      ...group,
    })),
    edges: [{ id: "e-start", from: { eventId: "ev-start" }, to: { groupId: first.id } }, ...(spec.edges ?? [])],
    variables: spec.variables ?? [],
    theme: spec.theme ?? {},
    settings: spec.settings ?? {},
  };
}

/** A one-paragraph text bubble. */
export const say = (id: string, text: string) => ({ id, type: "text", content: { richText: richText(text) } });
/** An edge to a group (or a block inside it); `from` is editor metadata only. */
export const edge = (id: string, groupId: string, blockId?: string) => ({
  id,
  from: { blockId: "editor-only" },
  to: blockId ? { groupId, blockId } : { groupId },
});
/** A text bubble as the client receives it, one leaf per paragraph. */
export const textMessage = (id: string, text: string) => ({
  id,
  type: "text",
  content: { type: "richText", richText: richText(text) },
});
/** The text bubble the server sends back for an invalid reply: a text message with the input's id. */
export const retryBubble = (inputId: string, text: string) => textMessage(inputId, text);
