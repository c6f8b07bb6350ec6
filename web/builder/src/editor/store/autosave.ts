import { api, ApiError, errorMessage } from "../../lib/api.js";
import { createStore } from "../../lib/store.js";
import type { Bot, BotDocument } from "../../lib/types.js";
import type { EditorStore } from "./editor-store.js";

export type SaveState =
  | { status: "saved"; at: number }
  | { status: "pending" | "saving" }
  | { status: "error"; message: string }
  | { status: "conflict" };

/** Saves well within a second of the last edit, while a burst of typing still makes one request. */
export const SAVE_DELAY_MS = 600;
const RETRY_MS = 5_000;

/**
 * Autosave through PATCH: the whole document and the name, with the `updatedAt` last read, so that
 * an edit made meanwhile in another tab comes back as a 409 and is shown, never silently lost.
 */
export class Autosave {
  readonly state: ReturnType<typeof createStore<SaveState>>;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private inFlight: Promise<void> | undefined;
  private savedDoc: BotDocument;
  private savedName: string;
  private savedTemplateId: string | null | undefined;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly store: EditorStore,
    private updatedAt: string,
  ) {
    // The last save is the stored bot's: "Saved" shows its time until the editor saves itself.
    const savedAt = Date.parse(updatedAt);
    this.state = createStore<SaveState>({ status: "saved", at: Number.isFinite(savedAt) ? savedAt : Date.now() });
    this.savedDoc = store.doc.get();
    this.savedName = store.meta.get().name;
    this.savedTemplateId = store.meta.get().selectedThemeTemplateId;
    const changed = () => this.schedule();
    const offDoc = store.doc.subscribe(changed);
    const offMeta = store.meta.subscribe(changed);
    this.unsubscribe = () => {
      offDoc();
      offMeta();
    };
  }

  get botId(): string {
    return this.store.meta.get().botId;
  }

  get isDirty(): boolean {
    const meta = this.store.meta.get();
    return (
      this.store.doc.get() !== this.savedDoc ||
      meta.name !== this.savedName ||
      meta.selectedThemeTemplateId !== this.savedTemplateId
    );
  }

  private schedule(delay = SAVE_DELAY_MS): void {
    const status = this.state.get().status;
    if (status === "conflict") return;
    if (!this.isDirty) return;
    if (status !== "saving") this.state.set({ status: "pending" });
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.save(), delay);
  }

  /** Saves now (leaving the editor, or the overwrite choice of the conflict dialog). */
  async save(overwrite = false): Promise<void> {
    clearTimeout(this.timer);
    if (this.inFlight) {
      await this.inFlight;
      if (this.isDirty) return this.save(overwrite);
      return;
    }
    if (!this.isDirty && !overwrite) {
      // Undone back to what is saved before the timer fired: nothing to send, and nothing pending either.
      if (this.state.get().status === "pending") this.state.set({ status: "saved", at: Date.now() });
      return;
    }
    const doc = this.store.doc.get();
    const name = this.store.meta.get().name;
    const selectedThemeTemplateId = this.store.meta.get().selectedThemeTemplateId;
    this.state.set({ status: "saving" });
    this.inFlight = (async () => {
      try {
        const { bot } = await api.call("updateBot", {
          params: { botId: this.store.meta.get().botId },
          body: {
            bot: { ...doc, name, selectedThemeTemplateId, updatedAt: this.updatedAt },
            ...(overwrite ? { overwrite: true } : {}),
          },
        });
        this.updatedAt = bot.updatedAt;
        this.savedDoc = doc;
        this.savedName = name;
        this.savedTemplateId = selectedThemeTemplateId;
        this.state.set({ status: "saved", at: Date.now() });
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) this.state.set({ status: "conflict" });
        else {
          this.state.set({ status: "error", message: errorMessage(error) });
          clearTimeout(this.timer);
          this.timer = setTimeout(() => void this.save(), RETRY_MS);
        }
      }
    })();
    await this.inFlight;
    this.inFlight = undefined;
    if (this.state.get().status === "saved" && this.isDirty) this.schedule();
  }

  /** Takes the server's copy: the document is replaced and the undo history starts again. */
  adopt(bot: Bot): void {
    clearTimeout(this.timer);
    this.updatedAt = bot.updatedAt;
    const doc: BotDocument = {
      groups: bot.groups,
      events: bot.events,
      edges: bot.edges,
      variables: bot.variables,
      theme: bot.theme,
      settings: bot.settings,
      translations: bot.translations,
    };
    this.savedDoc = doc;
    this.savedName = bot.name;
    this.savedTemplateId = bot.selectedThemeTemplateId;
    this.store.meta.set((meta) => ({ ...meta, name: bot.name, selectedThemeTemplateId: bot.selectedThemeTemplateId }));
    this.store.reset(doc);
    this.state.set({ status: "saved", at: Date.now() });
  }

  /** The document moved on without an edit of ours (e.g. the server gave the bot a public id). */
  noteUpdatedAt(updatedAt: string): void {
    this.updatedAt = updatedAt;
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.unsubscribe();
  }
}
