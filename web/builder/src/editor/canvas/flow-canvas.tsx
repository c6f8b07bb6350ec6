import {
  Background,
  Controls,
  MiniMap,
  ReactFlow,
  applyNodeChanges,
  useNodesInitialized,
  useReactFlow,
  type Connection,
  type Edge as FlowEdge,
  type FinalConnectionState,
  type Node,
  type NodeChange,
  type EdgeChange,
  type OnReconnect,
} from "@xyflow/react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useStore } from "../../lib/store";
import { useEditor } from "../editor-context";
import { parseSourceHandle, parseTargetHandle } from "../store/edge-source";
import { connect, moveNodes, removeEdges, resource, retarget } from "../store/operations";
import type { SizeOf } from "../store/placement";
import { blockById } from "../store/selectors";
import { CanvasCommands } from "./canvas-commands";
import { buildEdges, syncNodes } from "./canvas-graph";
import { CanvasToast } from "./canvas-toast";
import { CanvasMenu, openCanvasMenu, type MenuTarget } from "./context-menu";
import { EventNode } from "./event-node";
import { GroupNode } from "./group-node";
import { useCanvasShortcuts } from "./use-canvas-shortcuts";
import { useKeepSelectionVisible } from "./use-keep-selection-visible";

// Not "group": that name carries the canvas library's own group-node styles.
const nodeTypes = { flowGroup: GroupNode, flowEvent: EventNode };
const NO_RUNNING: ReadonlySet<string> = new Set();
const PRO_OPTIONS = { hideAttribution: true };

export type CanvasApi = {
  toFlowPosition(clientX: number, clientY: number): { x: number; y: number };
  center(): { x: number; y: number };
  /** The size the canvas measured for a node (for placing new groups clear of it). */
  sizeOf: SizeOf;
};

/** The flow on a pannable, zoomable canvas; document edits go through the editor store. */
export function FlowCanvas({ onReady }: { onReady(api: CanvasApi): void }) {
  const { store } = useEditor();
  const flow = useReactFlow();
  const [nodes, setNodes] = useState<Node[]>(() => syncNodes([], store.doc.get()));
  const [edges, setEdges] = useState<FlowEdge[]>(() => buildEdges(store.doc.get(), [], new Set(), NO_RUNNING));
  const selectedEdges = useRef<ReadonlySet<string>>(new Set());
  const wrapper = useRef<HTMLDivElement>(null);
  const sizeOf = useCallback<SizeOf>(
    (id) => {
      const measured = flow.getNode(id)?.measured;
      return measured?.width && measured.height ? { width: measured.width, height: measured.height } : undefined;
    },
    [flow],
  );
  const commands = useMemo(() => new CanvasCommands(store, sizeOf), [store, sizeOf]);

  // The canvas follows the document without re-rendering on edits that move nothing: typing in a
  // block yields the same node and edge arrays, so only that block's group renders again.
  useEffect(() => {
    const sync = () => {
      const doc = store.doc.get();
      setNodes((current) => syncNodes(current, doc));
      setEdges((current) => buildEdges(doc, current, selectedEdges.current, NO_RUNNING));
    };
    sync();
    return store.doc.subscribe(sync);
  }, [store]);

  // "Ready" (measured by the load-time test): every node measured and placed, then painted.
  const initialized = useNodesInitialized();
  useEffect(() => {
    if (initialized && performance.getEntriesByName("parley:editor-ready").length === 0)
      requestAnimationFrame(() => requestAnimationFrame(() => performance.mark("parley:editor-ready")));
  }, [initialized]);

  useEffect(() => {
    onReady({
      toFlowPosition: (clientX, clientY) => flow.screenToFlowPosition({ x: clientX, y: clientY }),
      center: () => {
        const box = wrapper.current?.getBoundingClientRect();
        return flow.screenToFlowPosition({
          x: (box?.left ?? 0) + (box?.width ?? 0) / 2 - 150,
          y: (box?.top ?? 0) + (box?.height ?? 0) / 3,
        });
      },
      sizeOf,
    });
  }, [flow, onReady, sizeOf]);

  const paneCenter = useCallback((): MenuTarget => {
    const box = wrapper.current?.getBoundingClientRect();
    return {
      kind: "pane",
      at: flow.screenToFlowPosition({
        x: (box?.left ?? 0) + (box?.width ?? 0) / 2,
        y: (box?.top ?? 0) + (box?.height ?? 0) / 2,
      }),
    };
  }, [flow]);
  const onNodeContextMenu = useCallback(
    (event: React.MouseEvent, node: Node) => {
      event.preventDefault();
      const isEvent = node.type === "flowEvent";
      if (isEvent && store.doc.get().events.find((entry) => entry.id === node.id)?.type === "start") return;
      openCanvasMenu(event.clientX, event.clientY, { kind: isEvent ? "event" : "group", id: node.id });
    },
    [store],
  );
  const onPaneContextMenu = useCallback(
    (event: MouseEvent | React.MouseEvent) => {
      event.preventDefault();
      openCanvasMenu(event.clientX, event.clientY, {
        kind: "pane",
        at: flow.screenToFlowPosition({ x: event.clientX, y: event.clientY }),
      });
    },
    [flow],
  );
  useKeepSelectionVisible(wrapper);

  useEffect(() => {
    const reveal = (event: Event) => {
      const id = (event as CustomEvent<string>).detail;
      void flow.fitView({ nodes: [{ id }], duration: 300, maxZoom: 1, padding: 0.4 });
    };
    document.addEventListener("parley:reveal-group", reveal);
    return () => document.removeEventListener("parley:reveal-group", reveal);
  }, [flow]);

  // The block the preview reached comes into view when it is off screen (its group is centred, zoom kept).
  const runningBlockId = useStore(store.ui, (ui) => ui.runningBlockId);
  const isEmpty = useStore(store.doc, (doc) => doc.groups.length === 0);
  useEffect(() => {
    const groupId = runningBlockId ? blockById(store.doc.get(), runningBlockId)?.group.id : undefined;
    const node = groupId ? flow.getNode(groupId) : undefined;
    const box = wrapper.current?.getBoundingClientRect();
    if (!node || !box) return;
    const { x, y, zoom } = flow.getViewport();
    const width = node.measured?.width ?? 300;
    const height = node.measured?.height ?? 100;
    const left = node.position.x * zoom + x;
    const top = node.position.y * zoom + y;
    const visible =
      left >= 0 && top >= 0 && left + width * zoom <= box.width && top + Math.min(height, 200) * zoom <= box.height;
    if (!visible)
      void flow.setCenter(node.position.x + width / 2, node.position.y + Math.min(height / 2, box.height / zoom / 3), {
        zoom,
        duration: 300,
      });
  }, [runningBlockId, flow, store]);

  const onNodesChange = useCallback((changes: NodeChange[]) => {
    // Removal goes through the shortcuts (so that blocks, groups and edges delete as one undo step).
    const kept = changes.filter((change) => change.type !== "remove");
    if (kept.length > 0) setNodes((current) => applyNodeChanges(kept, current));
  }, []);

  const onEdgesChange = useCallback(
    (changes: EdgeChange[]) => {
      const selections = changes.filter((change) => change.type === "select");
      if (selections.length === 0) return;
      const next = new Set(selectedEdges.current);
      for (const change of selections) change.selected ? next.add(change.id) : next.delete(change.id);
      selectedEdges.current = next;
      setEdges((current) => buildEdges(store.doc.get(), current, next, NO_RUNNING));
    },
    [store],
  );

  const onNodeDragStop = useCallback(
    (_event: unknown, _node: Node, dragged: Node[]) => {
      store.update((current) =>
        moveNodes(
          current,
          new Map(dragged.map((node) => [node.id, { x: Math.round(node.position.x), y: Math.round(node.position.y) }])),
        ),
      );
    },
    [store],
  );

  const onConnect = useCallback(
    (connection: Connection) => {
      const source = parseSourceHandle(connection.sourceHandle);
      if (!source || !connection.target) return;
      store.update((current) =>
        connect(current, source, parseTargetHandle(connection.target, connection.targetHandle)),
      );
    },
    [store],
  );

  // Dropping an edge anywhere on a group connects to that group, not only on its small target dot.
  const onConnectEnd = useCallback(
    (event: MouseEvent | TouchEvent, state: FinalConnectionState) => {
      if (state.isValid || !state.fromHandle) return;
      const point = "changedTouches" in event ? event.changedTouches[0] : event;
      const groupElement = document
        .elementFromPoint(point.clientX, point.clientY)
        ?.closest<HTMLElement>("[data-dnd-group]");
      const source = parseSourceHandle(state.fromHandle.id);
      const groupId = groupElement?.dataset.dndGroup;
      if (source && groupId) store.update((current) => connect(current, source, { groupId }));
    },
    [store],
  );

  const onReconnect: OnReconnect = useCallback(
    (oldEdge, connection) => {
      const source = parseSourceHandle(connection.sourceHandle);
      if (!connection.target) return;
      store.update((current) => {
        if (source && connection.sourceHandle !== oldEdge.sourceHandle) return resource(current, oldEdge.id, source);
        return retarget(current, oldEdge.id, parseTargetHandle(connection.target, connection.targetHandle));
      });
    },
    [store],
  );

  // An edge dropped on nothing while reconnecting is deleted, as a way to remove it by dragging.
  const onReconnectEnd = useCallback(
    (_event: MouseEvent | TouchEvent, edge: FlowEdge, _handleType: unknown, state: FinalConnectionState) => {
      if (!state.isValid) store.update((current) => removeEdges(current, new Set([edge.id])));
    },
    [store],
  );

  const clearEdgeSelection = useCallback(() => {
    selectedEdges.current = new Set();
    setEdges((current) => buildEdges(store.doc.get(), current, selectedEdges.current, NO_RUNNING));
  }, [store]);
  useCanvasShortcuts({ nodes, selectedEdges, clearEdgeSelection, commands });

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a click on the empty canvas clears the selection; Escape does it from the keyboard.
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape (useCanvasShortcuts) is the keyboard path.
    <div
      className="canvas"
      ref={wrapper}
      onClick={(event) => event.target === event.currentTarget && store.selectBlock(undefined)}
    >
      <ReactFlow
        nodes={nodes}
        edges={edges}
        nodeTypes={nodeTypes}
        onNodesChange={onNodesChange}
        onEdgesChange={onEdgesChange}
        onNodeDragStop={onNodeDragStop}
        onConnect={onConnect}
        onConnectEnd={onConnectEnd}
        onReconnect={onReconnect}
        onReconnectEnd={onReconnectEnd}
        onPaneClick={() => store.selectBlock(undefined)}
        onNodeContextMenu={onNodeContextMenu}
        onPaneContextMenu={onPaneContextMenu}
        deleteKeyCode={null}
        selectionKeyCode="Shift"
        multiSelectionKeyCode={["Meta", "Control"]}
        minZoom={0.1}
        maxZoom={2}
        fitView
        fitViewOptions={{ padding: 0.15, maxZoom: 1 }}
        proOptions={PRO_OPTIONS}
        defaultEdgeOptions={{ interactionWidth: 16 }}
        elevateEdgesOnSelect
        connectionRadius={30}
        ariaLabelConfig={{
          "node.a11yDescription.default": "Press Enter or Space to select this group; arrow keys move it.",
        }}
      >
        <Background gap={20} size={1.2} />
        <Controls showInteractive={false} position="bottom-left" />
        <MiniMap pannable zoomable position="bottom-right" ariaLabel="Overview of the flow" />
      </ReactFlow>
      <CanvasMenu commands={commands} paneCenter={paneCenter} />
      <CanvasToast />
      {isEmpty && (
        <div className="canvas-empty" role="note">
          <strong>Start building</strong>
          <span>
            Drag a block from the left onto the canvas (or focus one and press Enter), then connect the start to it.
          </span>
        </div>
      )}
    </div>
  );
}
