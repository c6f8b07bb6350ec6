import { useReactFlow } from "@xyflow/react";
import { useEffect, type RefObject } from "react";
import { useStore } from "../../lib/store";
import { useEditor } from "../editor-context";

const MARGIN = 24;

/**
 * When the settings panel opens (and the canvas narrows beside it), the selected block or event may
 * end up under the panel or past the canvas' edge: the canvas pans just enough to show it again,
 * zoom kept. Nothing moves when it is already in view.
 */
export function useKeepSelectionVisible(wrapper: RefObject<HTMLDivElement | null>) {
  const { store } = useEditor();
  const flow = useReactFlow();
  const selected = useStore(store.ui, (ui) => ui.selectedBlockId ?? ui.selectedEventId);
  const panel = useStore(store.ui, (ui) => ui.panel);

  useEffect(() => {
    if (!selected || !panel) return;
    let frame = requestAnimationFrame(() => {
      // Second frame: the panel is laid out and the canvas has its new width.
      frame = requestAnimationFrame(() => {
        const canvas = wrapper.current?.getBoundingClientRect();
        const element =
          document.querySelector(`[data-block-id="${CSS.escape(selected)}"]`) ??
          document.querySelector(`.react-flow__node[data-id="${CSS.escape(selected)}"]`);
        if (!canvas || !element) return;
        const box = element.getBoundingClientRect();
        const panelLeft = document.querySelector(".side-panel")?.getBoundingClientRect().left ?? Infinity;
        const right = Math.min(canvas.right, panelLeft) - MARGIN;
        const left = canvas.left + MARGIN;
        const top = canvas.top + MARGIN;
        const bottom = canvas.bottom - MARGIN;
        let dx = 0;
        let dy = 0;
        if (box.right > right) dx = right - box.right;
        if (box.left + dx < left) dx = left - box.left;
        if (box.bottom > bottom) dy = bottom - box.bottom;
        if (box.top + dy < top) dy = top - box.top;
        if (dx === 0 && dy === 0) return;
        const viewport = flow.getViewport();
        void flow.setViewport({ x: viewport.x + dx, y: viewport.y + dy, zoom: viewport.zoom }, { duration: 200 });
      });
    });
    return () => cancelAnimationFrame(frame);
  }, [selected, panel, flow, wrapper]);
}
