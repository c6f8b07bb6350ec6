import type { BotDocument } from "../../lib/types.js";

const MAX_STEPS = 200;
/** Edits of one field closer than this merge into one undo step (typing a word is one step). */
const COALESCE_MS = 1_000;

/** Undo and redo over whole document snapshots; structural sharing keeps them cheap. */
export class History {
  private past: BotDocument[] = [];
  private future: BotDocument[] = [];
  private lastKey: string | undefined;
  private lastAt = 0;

  record(previous: BotDocument, key: string | undefined, now = Date.now()): void {
    const merge = key !== undefined && key === this.lastKey && now - this.lastAt < COALESCE_MS;
    this.lastKey = key;
    this.lastAt = now;
    this.future = [];
    if (merge) return;
    this.past.push(previous);
    if (this.past.length > MAX_STEPS) this.past.shift();
  }

  undo(current: BotDocument): BotDocument | undefined {
    const previous = this.past.pop();
    if (!previous) return undefined;
    this.future.push(current);
    this.lastKey = undefined;
    return previous;
  }

  redo(current: BotDocument): BotDocument | undefined {
    const next = this.future.pop();
    if (!next) return undefined;
    this.past.push(current);
    this.lastKey = undefined;
    return next;
  }

  get canUndo(): boolean {
    return this.past.length > 0;
  }

  get canRedo(): boolean {
    return this.future.length > 0;
  }

  clear(): void {
    this.past = [];
    this.future = [];
    this.lastKey = undefined;
  }
}
