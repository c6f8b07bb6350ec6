import type { Edge as FlowEdge, Node } from "@xyflow/react";
import type { BotDocument } from "../../lib/types.js";
import { sideExitEdgeId } from "../store/side-exit.js";
import { blockTargetHandleId, GROUP_TARGET, sourceHandleId, type EdgeSource } from "../store/edge-source.js";

type Sources = { source: EdgeSource; nodeId: string }[];

/** Every object holding an `outgoingEdgeId`, with the node that draws it. */
function sourcesOf(doc: BotDocument): Map<string, { source: EdgeSource; nodeId: string }> {
  const byEdge = new Map<string, Sources[number]>();
  for (const event of doc.events)
    if (event.outgoingEdgeId) byEdge.set(event.outgoingEdgeId, { source: { eventId: event.id }, nodeId: event.id });
  for (const group of doc.groups)
    for (const block of group.blocks) {
      if (block.outgoingEdgeId) byEdge.set(block.outgoingEdgeId, { source: { blockId: block.id }, nodeId: group.id });
      const sideEdge = sideExitEdgeId(block);
      if (sideEdge) byEdge.set(sideEdge, { source: { blockId: block.id, idle: true }, nodeId: group.id });
      if ("items" in block)
        for (const item of block.items as {
          id: string;
          outgoingEdgeId?: string;
          paths?: { id: string; outgoingEdgeId?: string }[];
        }[]) {
          if (item.outgoingEdgeId)
            byEdge.set(item.outgoingEdgeId, { source: { blockId: block.id, itemId: item.id }, nodeId: group.id });
          for (const path of item.paths ?? [])
            if (path.outgoingEdgeId)
              byEdge.set(path.outgoingEdgeId, {
                source: { blockId: block.id, itemId: item.id, pathId: path.id },
                nodeId: group.id,
              });
        }
    }
  return byEdge;
}

/**
 * Canvas edges from the document, drawn from the objects that own them (what the engine follows).
 * Unchanged edges keep their previous objects, so the canvas skips them.
 */
export function buildEdges(
  doc: BotDocument,
  previous: readonly FlowEdge[],
  selected: ReadonlySet<string>,
  running: ReadonlySet<string>,
): FlowEdge[] {
  const sources = sourcesOf(doc);
  const titles = new Map(doc.groups.map((group) => [group.id, group.title]));
  const before = new Map(previous.map((edge) => [edge.id, edge]));
  let changed = false;
  const edges: FlowEdge[] = [];
  for (const edge of doc.edges) {
    const owner = sources.get(edge.id);
    if (!owner || !titles.has(edge.to.groupId)) continue;
    const sourceHandle = sourceHandleId(owner.source);
    const targetHandle = edge.to.blockId ? blockTargetHandleId(edge.to.blockId) : GROUP_TARGET;
    const isSelected = selected.has(edge.id);
    const animated = running.has(edge.id);
    const ariaLabel = `Edge to ${titles.get(edge.to.groupId)}`;
    const old = before.get(edge.id);
    if (
      old &&
      old.source === owner.nodeId &&
      old.sourceHandle === sourceHandle &&
      old.target === edge.to.groupId &&
      old.targetHandle === targetHandle &&
      Boolean(old.selected) === isSelected &&
      Boolean(old.animated) === animated &&
      old.ariaLabel === ariaLabel
    ) {
      edges.push(old);
      continue;
    }
    changed = true;
    edges.push({
      id: edge.id,
      source: owner.nodeId,
      sourceHandle,
      target: edge.to.groupId,
      targetHandle,
      selected: isSelected,
      animated,
      reconnectable: true,
      type: "default",
      ariaLabel,
    });
  }
  return !changed && edges.length === previous.length ? (previous as FlowEdge[]) : edges;
}

/** Canvas nodes from groups and events; a node whose position did not change is reused as is. */
export function syncNodes(previous: readonly Node[], doc: BotDocument): Node[] {
  const before = new Map(previous.map((node) => [node.id, node]));
  let changed = false;
  const next: Node[] = [];
  const add = (id: string, type: "flowGroup" | "flowEvent", position: { x: number; y: number }, deletable: boolean) => {
    const old = before.get(id);
    if (
      old &&
      old.type === type &&
      (old.dragging || (old.position.x === position.x && old.position.y === position.y))
    ) {
      next.push(old);
      return;
    }
    changed = true;
    next.push({
      id,
      type,
      position: { x: position.x, y: position.y },
      data: {},
      deletable,
      selected: old?.selected ?? false,
      dragHandle: type === "flowGroup" ? ".group-header" : undefined,
    });
  };
  for (const event of doc.events) add(event.id, "flowEvent", event.graphCoordinates, event.type !== "start");
  for (const group of doc.groups) add(group.id, "flowGroup", group.graphCoordinates, true);
  return !changed && next.length === previous.length ? (previous as Node[]) : next;
}
