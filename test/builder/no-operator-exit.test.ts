import { describe, expect, it } from "vitest";
import type { BotDocument } from "../../web/builder/src/lib/types.js";
import { defaultHandleLabel } from "../../web/builder/src/editor/canvas/block-handles.js";
import { buildEdges } from "../../web/builder/src/editor/canvas/canvas-graph.js";
import { parseSourceHandle, sourceHandleId } from "../../web/builder/src/editor/store/edge-source.js";
import { connect, removeBlocks, removeEdges } from "../../web/builder/src/editor/store/operations.js";

/** start → A (a hand-off with a timeout) ; B (a bubble for when nobody is free). */
function doc(): BotDocument {
  return {
    events: [{ id: "start", type: "start", graphCoordinates: { x: 0, y: 0 }, outgoingEdgeId: "e0" }],
    groups: [
      {
        id: "A",
        title: "Hand off",
        graphCoordinates: { x: 0, y: 0 },
        blocks: [{ id: "h", type: "hand off", options: { waitingMessage: "Wait", timeoutSeconds: 60 } }],
      },
      {
        id: "B",
        title: "Nobody free",
        graphCoordinates: { x: 400, y: 0 },
        blocks: [{ id: "b1", type: "text", content: { richText: [] } }],
      },
    ],
    edges: [{ id: "e0", from: { eventId: "start" }, to: { groupId: "A" } }],
    variables: [],
    theme: {},
    settings: {},
  } as unknown as BotDocument;
}

const handOff = (value: BotDocument) =>
  value.groups[0]!.blocks[0] as unknown as { outgoingEdgeId?: string; options: Record<string, unknown> };

describe("a hand-off's 'No operator' exit in the editor", () => {
  it("is drawn from its own handle and stored as options.noOperatorEdgeId, the block's exit left to 'Handed back'", () => {
    const source = parseSourceHandle(sourceHandleId({ blockId: "h", idle: true }))!;
    const connected = connect(doc(), source, { groupId: "B" });
    const edgeId = handOff(connected).options.noOperatorEdgeId as string;
    expect(handOff(connected).options).toEqual({
      waitingMessage: "Wait",
      timeoutSeconds: 60,
      noOperatorEdgeId: edgeId,
    });
    expect(connected.edges.find((edge) => edge.id === edgeId)).toEqual({
      id: edgeId,
      from: { blockId: "h" },
      to: { groupId: "B" },
    });
    expect(handOff(connected).outgoingEdgeId).toBeUndefined();
    expect(defaultHandleLabel(connected.groups[0]!.blocks[0]!)).toBe("Handed back");
    const drawn = buildEdges(connected, [], new Set(), new Set()).find((edge) => edge.id === edgeId);
    expect(drawn).toMatchObject({ source: "A", sourceHandle: "x:h", target: "B" });

    // The handed-back exit is another edge, from the block's default handle.
    const both = connect(connected, { blockId: "h" }, { groupId: "B" });
    expect(handOff(both).outgoingEdgeId).toBeDefined();
    expect(handOff(both).outgoingEdgeId).not.toBe(edgeId);
    expect(handOff(both).options.noOperatorEdgeId).toBe(edgeId);
  });

  it("replaces the edge when drawn again, and forgets it when the edge or the block goes", () => {
    const connected = connect(doc(), { blockId: "h", idle: true }, { groupId: "B" });
    const again = connect(connected, { blockId: "h", idle: true }, { groupId: "B" });
    expect(again.edges).toHaveLength(2);
    const edgeId = handOff(again).options.noOperatorEdgeId as string;
    const removed = removeEdges(again, new Set([edgeId]));
    expect(handOff(removed).options).toEqual({ waitingMessage: "Wait", timeoutSeconds: 60 });
    expect(removed.edges.map((edge) => edge.id)).toEqual(["e0"]);
    expect(removeBlocks(again, new Set(["h"])).edges).toEqual([]);
  });
});
