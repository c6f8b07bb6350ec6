import { createId } from "../../lib/ids";
import type { BotDocument } from "../../lib/types";
import { copyBlock, copyGroups, paste, type ClipboardContent } from "../store/clipboard";
import type { EditorStore } from "../store/editor-store";
import { removeBlocks, removeGroups } from "../store/operations";
import { findFreeSpot, occupiedBoxes, placeClear, type SizeOf } from "../store/placement";
import { blockById } from "../store/selectors";
import { showToast } from "./canvas-toast";

/** Kept across bots of the session, so a group can be copied from one bot into another. */
let clipboard: ClipboardContent | undefined;

export const hasClipboard = () => clipboard !== undefined;

const groupCount = (count: number) => (count === 1 ? "1 group" : `${count} groups`);

/** Copy, paste, duplicate and delete, shared by the keyboard shortcuts and the context menu; each says what it did. */
export class CanvasCommands {
  constructor(
    private readonly store: EditorStore,
    private readonly sizeOf: SizeOf,
  ) {}

  copyGroups(groupIds: ReadonlySet<string>): boolean {
    const content = copyGroups(this.store.doc.get(), groupIds);
    if (content?.kind !== "groups") return false;
    clipboard = content;
    showToast(content.groups.length === 1 ? "Group copied" : `${groupCount(content.groups.length)} copied`);
    return true;
  }

  /** A guest's editor changes nothing, so it does not claim to have either. */
  private get readOnly(): boolean {
    return this.store.meta.get().readOnly === true;
  }

  /** A copy is as large as its original, which the canvas has measured (when it is of this bot). */
  private copySizes(content: ClipboardContent, pastedIds: readonly string[]): SizeOf {
    if (content.kind !== "groups") return this.sizeOf;
    const originals = new Map(pastedIds.map((id, index) => [id, content.groups[index]?.id ?? id]));
    return (id) => this.sizeOf(originals.get(id) ?? id);
  }

  copyBlock(blockId: string): boolean {
    const content = copyBlock(this.store.doc.get(), blockId);
    if (!content) return false;
    clipboard = content;
    showToast("Block copied");
    return true;
  }

  /**
   * Pastes at a canvas position (groups keep their layout and move clear of others), or a copied block
   * after the selected block.
   */
  paste(at: { x: number; y: number }): void {
    if (this.readOnly) return;
    const content = clipboard;
    if (!content) return;
    const selected = this.store.ui.get().selectedBlockId;
    const target = selected && content.kind === "block" ? blockById(this.store.doc.get(), selected) : undefined;
    let result: ReturnType<typeof paste> | undefined;
    this.store.update((doc) => {
      result = paste(doc, content, target ? { groupId: target.group.id, index: target.index + 1 } : at);
      return target ? result.doc : placeClear(result.doc, result.groupIds, this.copySizes(content, result.groupIds));
    });
    if (!result) return;
    if (result.blockId) this.store.selectBlock(result.blockId);
    showToast(content.kind === "groups" ? `Pasted ${groupCount(content.groups.length)}` : "Pasted a block");
  }

  duplicateGroup(groupId: string): void {
    if (this.readOnly) return;
    const content = copyGroups(this.store.doc.get(), new Set([groupId]));
    if (content?.kind !== "groups") return;
    const source = content.groups[0].graphCoordinates;
    this.store.update((doc) => {
      const result = paste(doc, content, { x: source.x + 40, y: source.y + 40 });
      return placeClear(result.doc, result.groupIds, this.copySizes(content, result.groupIds));
    });
    showToast("Group duplicated");
  }

  /** The copy goes right after the block, in the same group. */
  duplicateBlock(blockId: string): void {
    if (this.readOnly) return;
    const found = blockById(this.store.doc.get(), blockId);
    const content = copyBlock(this.store.doc.get(), blockId);
    if (!found || !content) return;
    let pastedId: string | undefined;
    this.store.update((doc) => {
      const result = paste(doc, content, { groupId: found.group.id, index: found.index + 1 });
      pastedId = result.blockId;
      return result.doc;
    });
    if (pastedId) this.store.selectBlock(pastedId);
    showToast("Block duplicated");
  }

  deleteGroup(groupId: string): void {
    if (this.readOnly) return;
    this.store.update((doc) => removeGroups(doc, new Set([groupId])));
    this.store.selectBlock(undefined);
    showToast("Group deleted");
  }

  deleteBlock(blockId: string): void {
    if (this.readOnly) return;
    this.store.update((doc) => removeBlocks(doc, new Set([blockId])));
    this.store.selectBlock(undefined);
    showToast("Block deleted");
  }

  deleteEvent(eventId: string): void {
    if (this.readOnly) return;
    this.store.update((doc) => removeEvent(doc, eventId));
    if (this.store.ui.get().selectedEventId === eventId)
      this.store.setUi({ selectedEventId: undefined, panel: undefined });
    showToast("Event deleted");
  }

  /** A command, reply or invalid-reply event at a canvas position, clear of the groups, its settings opened. */
  addEvent(type: AddableEvent, at: { x: number; y: number }): void {
    if (this.readOnly) return;
    let id = "";
    this.store.update((doc) => {
      const added = withNewEvent(doc, type, at, this.sizeOf);
      id = added.eventId;
      return added.doc;
    });
    if (id) this.store.selectEvent(id);
  }
}

export type AddableEvent = "command" | "reply" | "invalidReply";

/** Adds an event near `at`, on the nearest spot where it covers no group or other event. */
export function withNewEvent(
  doc: BotDocument,
  type: AddableEvent,
  at: { x: number; y: number },
  sizeOf?: SizeOf,
): { doc: BotDocument; eventId: string } {
  const eventId = createId();
  const spot = findFreeSpot(occupiedBoxes(doc, new Set(), sizeOf), { ...at, width: 180, height: 48 });
  const event = { id: eventId, type, graphCoordinates: spot };
  return { doc: { ...doc, events: [...doc.events, event] as BotDocument["events"] }, eventId };
}

/** Removes an event other than the start, with the edge leaving it. */
export function removeEvent(doc: BotDocument, eventId: string): BotDocument {
  const event = doc.events.find((entry) => entry.id === eventId);
  if (!event || event.type === "start") return doc;
  return {
    ...doc,
    events: doc.events.filter((entry) => entry.id !== eventId) as BotDocument["events"],
    edges: event.outgoingEdgeId ? doc.edges.filter((edge) => edge.id !== event.outgoingEdgeId) : doc.edges,
  };
}
