import { useReactFlow, type Node } from "@xyflow/react";
import { useEffect, useRef } from "react";
import { useEditor } from "../editor-context";
import { removeBlocks, removeEdges, removeGroups } from "../store/operations";
import type { CanvasCommands } from "./canvas-commands";

const isTyping = (target: EventTarget | null) => {
  const element = target as HTMLElement | null;
  return !!element && (element.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(element.tagName));
};

/** Delete, Ctrl+C, Ctrl+V, Ctrl+Z and Ctrl+Shift+Z (or Ctrl+Y), except while typing in a field. */
export function useCanvasShortcuts({
  nodes,
  selectedEdges,
  clearEdgeSelection,
  commands,
}: {
  nodes: Node[];
  selectedEdges: { current: ReadonlySet<string> };
  clearEdgeSelection(): void;
  commands: CanvasCommands;
}) {
  const { store } = useEditor();
  const flow = useReactFlow();
  const latest = useRef({ nodes, selectedEdges, clearEdgeSelection, commands });
  latest.current = { nodes, selectedEdges, clearEdgeSelection, commands };
  const pointer = useRef<{ x: number; y: number } | undefined>(undefined);

  useEffect(() => {
    const track = (event: PointerEvent) => {
      const overCanvas = (event.target as HTMLElement | null)?.closest?.(".react-flow");
      pointer.current = overCanvas ? { x: event.clientX, y: event.clientY } : undefined;
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (isTyping(event.target) || event.defaultPrevented) return;
      // Keys typed inside dialogs and side panels belong to them.
      if ((event.target as HTMLElement | null)?.closest?.("dialog, .side-panel")) return;
      const { nodes: current } = latest.current;
      const edges = latest.current.selectedEdges.current;
      const mod = event.ctrlKey || event.metaKey;
      const key = event.key.toLowerCase();
      const selectedGroups = new Set(
        current.filter((node) => node.selected && node.type === "flowGroup").map((node) => node.id),
      );
      const selectedBlock = store.ui.get().selectedBlockId;

      if (event.key === "Delete" || event.key === "Backspace") {
        if (edges.size === 0 && selectedGroups.size === 0 && !selectedBlock) return;
        event.preventDefault();
        store.update((doc) => {
          let next = removeEdges(doc, edges);
          next = removeGroups(next, selectedGroups);
          if (selectedBlock && selectedGroups.size === 0 && edges.size === 0)
            next = removeBlocks(next, new Set([selectedBlock]));
          return next;
        });
        latest.current.clearEdgeSelection();
        if (selectedBlock) store.selectBlock(undefined);
        return;
      }
      if (!mod) return;
      if (key === "z" && !event.shiftKey) {
        event.preventDefault();
        store.undo();
      } else if ((key === "z" && event.shiftKey) || key === "y") {
        event.preventDefault();
        store.redo();
      } else if (key === "c") {
        const copied =
          selectedGroups.size > 0
            ? latest.current.commands.copyGroups(selectedGroups)
            : selectedBlock
              ? latest.current.commands.copyBlock(selectedBlock)
              : false;
        if (copied) event.preventDefault();
      } else if (key === "v") {
        event.preventDefault();
        const box = document.querySelector(".react-flow")?.getBoundingClientRect();
        const screen = pointer.current ?? {
          x: (box?.left ?? 0) + (box?.width ?? 400) / 2,
          y: (box?.top ?? 0) + (box?.height ?? 400) / 2,
        };
        latest.current.commands.paste(flow.screenToFlowPosition(screen));
      }
    };
    window.addEventListener("pointermove", track);
    window.addEventListener("keydown", onKeyDown);
    return () => {
      window.removeEventListener("pointermove", track);
      window.removeEventListener("keydown", onKeyDown);
    };
  }, [store, flow]);
}
