import { createStore } from "../../lib/store";
import type { BlockType } from "../../lib/types";

export type DragPayload =
  | { kind: "new"; blockType: BlockType; label: string }
  | { kind: "move"; blockId: string; label: string };
export type DropTarget = { groupId: string; index: number } | { canvas: { clientX: number; clientY: number } };
export type DragState = { payload: DragPayload; over: { groupId: string; index: number } | undefined } | undefined;

const THRESHOLD_PX = 4;

/**
 * Block dragging with pointer events (the canvas library already owns HTML drag events on nodes):
 * from the side bar into a group or onto the canvas, and between and within groups. Group nodes
 * read only `state.over` for their own id, so a drag repaints two groups at most.
 */
export class DragController {
  readonly state = createStore<DragState>(undefined);
  private ghost: HTMLElement | undefined;
  private endedAt = 0;

  constructor(private readonly onDrop: (payload: DragPayload, target: DropTarget) => void) {}

  /** Call from a pointerdown; a click without movement stays a click. */
  begin(event: PointerEvent | React.PointerEvent, payload: DragPayload): void {
    if (event.button !== 0) return;
    const startX = event.clientX;
    const startY = event.clientY;
    let active = false;
    const move = (moveEvent: PointerEvent) => {
      if (!active) {
        if (Math.hypot(moveEvent.clientX - startX, moveEvent.clientY - startY) < THRESHOLD_PX) return;
        active = true;
        this.showGhost(payload.label);
        document.body.classList.add("dragging-block");
        this.state.set({ payload, over: undefined });
      }
      moveEvent.preventDefault();
      this.moveGhost(moveEvent.clientX, moveEvent.clientY);
      const over = this.groupUnder(moveEvent.clientX, moveEvent.clientY);
      const current = this.state.get()?.over;
      if (over?.groupId !== current?.groupId || over?.index !== current?.index) this.state.set({ payload, over });
    };
    const end = (upEvent: PointerEvent) => {
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", end);
      window.removeEventListener("pointercancel", cancel);
      if (!active) return;
      const over = this.groupUnder(upEvent.clientX, upEvent.clientY);
      const onCanvas =
        !over &&
        document
          .elementFromPoint(upEvent.clientX, upEvent.clientY)
          ?.closest(".react-flow__pane, .react-flow__renderer");
      this.finish();
      if (over) this.onDrop(payload, over);
      else if (onCanvas) this.onDrop(payload, { canvas: { clientX: upEvent.clientX, clientY: upEvent.clientY } });
    };
    const cancel = () => {
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", end);
      window.removeEventListener("pointercancel", cancel);
      if (active) this.finish();
    };
    window.addEventListener("pointermove", move);
    window.addEventListener("pointerup", end);
    window.addEventListener("pointercancel", cancel);
  }

  private groupUnder(clientX: number, clientY: number): { groupId: string; index: number } | undefined {
    const element = document.elementFromPoint(clientX, clientY);
    const groupElement = element?.closest<HTMLElement>("[data-dnd-group]");
    if (!groupElement) return undefined;
    const rows = [...groupElement.querySelectorAll<HTMLElement>("[data-dnd-index]")];
    let index = rows.length;
    for (const row of rows) {
      const box = row.getBoundingClientRect();
      if (clientY < box.top + box.height / 2) {
        index = Number(row.dataset.dndIndex);
        break;
      }
    }
    return { groupId: groupElement.dataset.dndGroup!, index };
  }

  private showGhost(label: string): void {
    const ghost = document.createElement("div");
    ghost.className = "drag-ghost";
    ghost.textContent = label;
    ghost.setAttribute("aria-hidden", "true");
    document.body.appendChild(ghost);
    this.ghost = ghost;
  }

  private moveGhost(x: number, y: number): void {
    if (this.ghost) this.ghost.style.transform = `translate(${x + 8}px, ${y + 8}px)`;
  }

  /** A click right after a drag is the drag's own release, not a click. */
  justDragged(): boolean {
    return Date.now() - this.endedAt < 150;
  }

  private finish(): void {
    this.endedAt = Date.now();
    this.ghost?.remove();
    this.ghost = undefined;
    document.body.classList.remove("dragging-block");
    this.state.set(undefined);
  }
}
