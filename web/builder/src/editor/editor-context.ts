import { createContext, useContext } from "react";
import type { DragController } from "./canvas/drag-controller";
import type { EditorStore } from "./store/editor-store";

export type EditorServices = {
  store: EditorStore;
  drag: DragController;
  /** Opens the preview pane and starts a run from a group (or from the start when undefined). */
  previewFrom(groupId: string | undefined): void;
  /** Centres the canvas on a group and selects the block when given. */
  reveal(target: { groupId?: string; blockId?: string }): void;
};

export const EditorContext = createContext<EditorServices | null>(null);

export function useEditor(): EditorServices {
  const services = useContext(EditorContext);
  if (!services) throw new Error("useEditor outside of the editor");
  return services;
}
