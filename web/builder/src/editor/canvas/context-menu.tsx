import { useEffect, useRef, type KeyboardEvent } from "react";
import { createStore, useStore } from "../../lib/store";
import { hasClipboard, type CanvasCommands } from "./canvas-commands";

export type MenuTarget =
  | { kind: "group"; id: string }
  | { kind: "block"; id: string }
  | { kind: "event"; id: string }
  | { kind: "pane"; at: { x: number; y: number } };
type MenuState = { x: number; y: number; target: MenuTarget; returnFocus: HTMLElement | null };

const menu = createStore<MenuState | undefined>(undefined);

/** Opens the canvas menu at a screen point; focus goes back where it was when the menu closes. */
export function openCanvasMenu(x: number, y: number, target: MenuTarget): void {
  menu.set({ x, y, target, returnFocus: document.activeElement as HTMLElement | null });
}

type Item = { label: string; run(): void };

function itemsFor(target: MenuTarget, commands: CanvasCommands): Item[] {
  switch (target.kind) {
    case "group":
      return [
        { label: "Duplicate", run: () => commands.duplicateGroup(target.id) },
        { label: "Copy", run: () => commands.copyGroups(new Set([target.id])) },
        { label: "Delete", run: () => commands.deleteGroup(target.id) },
      ];
    case "block":
      return [
        { label: "Duplicate", run: () => commands.duplicateBlock(target.id) },
        { label: "Copy", run: () => commands.copyBlock(target.id) },
        { label: "Delete", run: () => commands.deleteBlock(target.id) },
      ];
    case "event":
      return [{ label: "Delete", run: () => commands.deleteEvent(target.id) }];
    case "pane":
      return [
        ...(hasClipboard() ? [{ label: "Paste", run: () => commands.paste(target.at) }] : []),
        { label: "Add a command event", run: () => commands.addEvent("command", target.at) },
        { label: "Add a reply event", run: () => commands.addEvent("reply", target.at) },
        { label: "Add an invalid-reply event", run: () => commands.addEvent("invalidReply", target.at) },
      ];
  }
}

const LABELS: Record<MenuTarget["kind"], string> = {
  group: "Group actions",
  block: "Block actions",
  event: "Event actions",
  pane: "Canvas actions",
};

/**
 * The right-click menu of groups, blocks, events and the canvas; the context-menu key or Shift+F10
 * opens it for what has the focus. Arrow keys move between items, Escape closes it.
 */
export function CanvasMenu({ commands, paneCenter }: { commands: CanvasCommands; paneCenter(): MenuTarget }) {
  const state = useStore(menu, (value) => value);
  const list = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== "ContextMenu" && !(event.shiftKey && event.key === "F10")) return;
      const focused = document.activeElement as HTMLElement | null;
      if (!focused?.closest(".react-flow") || focused.closest("input, textarea, select")) return;
      event.preventDefault();
      const box = focused.getBoundingClientRect();
      const block = focused.closest<HTMLElement>("[data-block-id]");
      const node = focused.closest<HTMLElement>(".react-flow__node");
      const target: MenuTarget = block
        ? { kind: "block", id: block.dataset.blockId! }
        : node?.dataset.id
          ? { kind: node.classList.contains("react-flow__node-flowEvent") ? "event" : "group", id: node.dataset.id }
          : paneCenter();
      openCanvasMenu(box.left + 12, box.top + 12, target);
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [paneCenter]);

  useEffect(() => {
    if (!state) return;
    list.current?.querySelector<HTMLButtonElement>("[role=menuitem]")?.focus();
    const closeOutside = (event: PointerEvent) => {
      if (!list.current?.contains(event.target as Node)) menu.set(undefined);
    };
    window.addEventListener("pointerdown", closeOutside, true);
    return () => window.removeEventListener("pointerdown", closeOutside, true);
  }, [state]);

  if (!state) return null;
  const items = itemsFor(state.target, commands);
  const close = (refocus: boolean) => {
    menu.set(undefined);
    if (refocus && state.returnFocus?.isConnected) state.returnFocus.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const buttons = [...(list.current?.querySelectorAll<HTMLButtonElement>("[role=menuitem]") ?? [])];
    const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (event.key === "Escape" || event.key === "Tab") {
      event.preventDefault();
      event.stopPropagation();
      close(true);
    } else if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      buttons[(index + step + buttons.length) % buttons.length]?.focus();
    }
  };
  return (
    <div
      ref={list}
      className="canvas-menu"
      role="menu"
      aria-label={LABELS[state.target.kind]}
      style={{ left: state.x, top: state.y }}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      onContextMenu={(event) => event.preventDefault()}
    >
      {items.map((item) => (
        <button
          key={item.label}
          type="button"
          role="menuitem"
          className={item.label === "Delete" ? "canvas-menu-item danger" : "canvas-menu-item"}
          onClick={() => {
            close(item.label !== "Delete");
            item.run();
          }}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}
