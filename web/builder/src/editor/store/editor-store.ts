import { createStore, type Store } from "../../lib/store.js";
import type { BotDocument, LintFinding } from "../../lib/types.js";
import { History } from "./history.js";

export type EditorMeta = {
  botId: string;
  name: string;
  workspaceId: string;
  publicId: string | null;
  isPublished: boolean;
  /** The theme template last picked (built-in or the workspace's); saved with the document. */
  selectedThemeTemplateId?: string | null;
  /** Published, and the saved draft differs from the published version (the server compares them). */
  hasUnpublishedChanges: boolean;
  /** A guest of the workspace reads the bot: no edit applies, nothing is saved or published. */
  readOnly?: boolean;
};

/** What the side panel shows. */
export type Panel = "block" | "event" | "variables" | "theme" | "settings" | "preview" | "findings" | "versions";

/** How a group or block differs in the diff the Versions panel shows ("removed" ones are not on the canvas). */
export type DiffMark = "added" | "changed";

/** The canvas marks of the diff shown, by id, with what differs (dot paths) for a changed one. */
export type DiffMarks = {
  groups: Record<string, { mark: DiffMark; fields: string[] }>;
  blocks: Record<string, { mark: DiffMark; fields: string[] }>;
};

export type EditorUi = {
  selectedBlockId: string | undefined;
  /** A command, reply or invalid-reply event whose settings the panel shows. */
  selectedEventId?: string;
  panel: Panel | undefined;
  /** The block the preview is showing (a bubble) or waiting on (an input). */
  runningBlockId: string | undefined;
  findings: LintFinding[] | undefined;
  dropOffs: { byBlock: Record<string, number>; starts: number; idledByBlock: Record<string, number> } | undefined;
  /** Each new run of the preview gets a new number; `groupId` starts it from that group. */
  previewRun: { run: number; groupId: string | undefined };
  /** The language whose texts the editor shows (bots with settings.languages); unset: the default. */
  language?: string;
  /** While the Versions panel shows a diff: the groups and blocks it marks on the canvas. */
  diffMarks?: DiffMarks;
};

/**
 * The editor's state: the document (with undo history), its metadata, and UI state kept apart so
 * that a selection change never re-renders the canvas and an edit never re-renders the toolbar.
 */
export class EditorStore {
  readonly doc: Store<BotDocument>;
  readonly meta: Store<EditorMeta>;
  readonly ui: Store<EditorUi>;
  readonly historyState: Store<{ canUndo: boolean; canRedo: boolean }>;
  private readonly history = new History();

  constructor(doc: BotDocument, meta: EditorMeta) {
    this.doc = createStore(doc);
    this.meta = createStore(meta);
    this.ui = createStore<EditorUi>({
      selectedBlockId: undefined,
      panel: undefined,
      runningBlockId: undefined,
      findings: undefined,
      dropOffs: undefined,
      previewRun: { run: 0, groupId: undefined },
    });
    this.historyState = createStore<{ canUndo: boolean; canRedo: boolean }>({ canUndo: false, canRedo: false });
  }

  /** Applies an edit; edits sharing `coalesce` within a second undo together. */
  update(recipe: (doc: BotDocument) => BotDocument, coalesce?: string): void {
    if (this.meta.get().readOnly) return;
    const current = this.doc.get();
    const next = recipe(current);
    if (next === current) return;
    this.history.record(current, coalesce);
    this.doc.set(next);
    this.syncHistory();
  }

  undo(): void {
    const previous = this.history.undo(this.doc.get());
    if (previous) this.doc.set(previous);
    this.syncHistory();
  }

  redo(): void {
    const next = this.history.redo(this.doc.get());
    if (next) this.doc.set(next);
    this.syncHistory();
  }

  /** Replaces the document without an undo step (reloading after a conflict). */
  reset(doc: BotDocument): void {
    this.history.clear();
    this.doc.set(doc);
    this.syncHistory();
  }

  setUi(patch: Partial<EditorUi>): void {
    this.ui.set((ui) => ({ ...ui, ...patch }));
  }

  selectBlock(blockId: string | undefined): void {
    this.setUi({
      selectedBlockId: blockId,
      selectedEventId: undefined,
      ...(blockId
        ? { panel: "block" as const }
        : ["block", "event"].includes(this.ui.get().panel ?? "")
          ? { panel: undefined }
          : {}),
    });
  }

  selectEvent(eventId: string | undefined): void {
    this.setUi({
      selectedBlockId: undefined,
      selectedEventId: eventId,
      ...(eventId ? { panel: "event" as const } : this.ui.get().panel === "event" ? { panel: undefined } : {}),
    });
  }

  private syncHistory(): void {
    const state = { canUndo: this.history.canUndo, canRedo: this.history.canRedo };
    const current = this.historyState.get();
    if (current.canUndo !== state.canUndo || current.canRedo !== state.canRedo) this.historyState.set(state);
  }
}
