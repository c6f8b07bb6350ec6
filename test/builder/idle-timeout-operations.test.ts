import { describe, expect, it } from "vitest";
import type { BotDocument } from "../../web/builder/src/lib/types.js";
import { buildEdges } from "../../web/builder/src/editor/canvas/canvas-graph.js";
import { copyBlock, paste } from "../../web/builder/src/editor/store/clipboard.js";
import { parseSourceHandle, sourceHandleId } from "../../web/builder/src/editor/store/edge-source.js";
import { setIdleSeconds } from "../../web/builder/src/editor/store/idle-timeout.js";
import { connect, removeBlocks, removeEdges } from "../../web/builder/src/editor/store/operations.js";

/** start → A (q: a text input) ; B (a bubble). */
function doc(): BotDocument {
  return {
    events: [{ id: "start", type: "start", graphCoordinates: { x: 0, y: 0 }, outgoingEdgeId: "e0" }],
    groups: [
      {
        id: "A",
        title: "Ask",
        graphCoordinates: { x: 0, y: 0 },
        blocks: [{ id: "q", type: "text input", options: { variableId: "v" } }],
      },
      {
        id: "B",
        title: "Still there",
        graphCoordinates: { x: 400, y: 0 },
        blocks: [{ id: "b1", type: "text", content: { richText: [] } }],
      },
    ],
    edges: [{ id: "e0", from: { eventId: "start" }, to: { groupId: "A" } }],
    variables: [{ id: "v", name: "name" }],
    theme: {},
    settings: {},
  } as unknown as BotDocument;
}

const optionsOf = (value: BotDocument, blockId = "q") =>
  (value.groups.flatMap((group) => group.blocks).find((block) => block.id === blockId) as { options?: unknown })
    .options as Record<string, unknown>;

describe("an input's idle timeout in the editor", () => {
  it("sets whole seconds within 1 to 86,400 and removes the timeout when emptied", () => {
    const set = setIdleSeconds(doc(), "q", 45);
    expect(optionsOf(set)).toEqual({ variableId: "v", idleTimeout: { seconds: 45 } });
    expect(optionsOf(setIdleSeconds(set, "q", 0)).idleTimeout).toEqual({ seconds: 1 });
    expect(optionsOf(setIdleSeconds(set, "q", 100_000)).idleTimeout).toEqual({ seconds: 86_400 });
    expect(optionsOf(setIdleSeconds(set, "q", 2.4)).idleTimeout).toEqual({ seconds: 2 });
    expect(optionsOf(setIdleSeconds(set, "q", undefined))).toEqual({ variableId: "v" });
  });

  it("connects the 'If idle' handle as the edge options.idleTimeout.outgoingEdgeId names, from the block", () => {
    const source = parseSourceHandle(sourceHandleId({ blockId: "q", idle: true }))!;
    expect(source).toEqual({ blockId: "q", idle: true });
    const connected = connect(setIdleSeconds(doc(), "q", 45), source, { groupId: "B" });
    const edgeId = (optionsOf(connected).idleTimeout as { outgoingEdgeId: string }).outgoingEdgeId;
    expect(connected.edges.find((edge) => edge.id === edgeId)).toEqual({
      id: edgeId,
      from: { blockId: "q" },
      to: { groupId: "B" },
    });
    // The block's own exit stays free: the idle path is another edge.
    expect((connected.groups[0]!.blocks[0] as { outgoingEdgeId?: string }).outgoingEdgeId).toBeUndefined();
    const drawn = buildEdges(connected, [], new Set(), new Set()).find((edge) => edge.id === edgeId);
    expect(drawn).toMatchObject({ source: "A", sourceHandle: "x:q", target: "B" });

    // Connecting again replaces it; deleting the edge keeps the seconds; emptying the seconds drops the edge.
    const again = connect(connected, source, { groupId: "B" });
    expect(again.edges).toHaveLength(2);
    const removed = removeEdges(
      again,
      new Set([(optionsOf(again).idleTimeout as { outgoingEdgeId: string }).outgoingEdgeId]),
    );
    expect(optionsOf(removed).idleTimeout).toEqual({ seconds: 45 });
    const cleared = setIdleSeconds(again, "q", undefined);
    expect(cleared.edges.map((edge) => edge.id)).toEqual(["e0"]);
    // Deleting the block takes its idle edge (and its emptied group the start's edge) with it.
    expect(removeBlocks(again, new Set(["q"])).edges).toEqual([]);
  });

  it("pastes a copied input with its own idle edge", () => {
    const connected = connect(setIdleSeconds(doc(), "q", 45), { blockId: "q", idle: true }, { groupId: "B" });
    const pasted = paste(connected, copyBlock(connected, "q")!, { x: 800, y: 0 });
    const copyId = pasted.blockId!;
    const original = (optionsOf(pasted.doc).idleTimeout as { outgoingEdgeId: string }).outgoingEdgeId;
    const copied = (optionsOf(pasted.doc, copyId).idleTimeout as { outgoingEdgeId: string }).outgoingEdgeId;
    expect(copied).not.toBe(original);
    expect(pasted.doc.edges.find((edge) => edge.id === copied)).toMatchObject({
      from: { blockId: copyId },
      to: { groupId: "B" },
    });
  });
});
