import type { AppContext } from "../context.js";

/**
 * Places for messaging-app contact turns (answers to messages and idle paths) in this instance
 * (issue 31 item 5): at most `atOnce` run together, at most `perWorkspace` of them for one workspace.
 * The rest wait in line, taken in turn across workspaces: a burst of one workspace's contacts
 * waits behind its own places while other workspaces' contacts go on. Waiting costs a closure
 * per contact; the messages themselves wait in the database's inbox.
 */
export class TurnSlots {
  private running = 0;
  private readonly runningBy = new Map<string, number>();
  /** Waiting turns per workspace, workspaces in the order they are served next. */
  private readonly waiting = new Map<string, (() => void)[]>();

  constructor(
    private readonly atOnce: number,
    private readonly perWorkspace: number,
  ) {}

  /** Runs `turn` once a place is free, and frees it after, whatever the turn did. */
  async run<T>(workspaceId: string, turn: () => Promise<T>): Promise<T> {
    await new Promise<void>((start) => {
      const line = this.waiting.get(workspaceId);
      if (line) line.push(start);
      else this.waiting.set(workspaceId, [start]);
      this.startWaiting();
    });
    try {
      return await turn();
    } finally {
      this.running--;
      const left = (this.runningBy.get(workspaceId) ?? 1) - 1;
      if (left > 0) this.runningBy.set(workspaceId, left);
      else this.runningBy.delete(workspaceId);
      this.startWaiting();
    }
  }

  private startWaiting(): void {
    let startedOne = true;
    while (this.running < this.atOnce && startedOne) {
      startedOne = false;
      for (const [workspaceId, line] of this.waiting) {
        if ((this.runningBy.get(workspaceId) ?? 0) >= this.perWorkspace) continue;
        const next = line.shift()!;
        // Served: the workspace goes to the back of the order (or leaves it with nobody waiting).
        this.waiting.delete(workspaceId);
        if (line.length > 0) this.waiting.set(workspaceId, line);
        this.running++;
        this.runningBy.set(workspaceId, (this.runningBy.get(workspaceId) ?? 0) + 1);
        next();
        startedOne = true;
        break;
      }
    }
  }
}

const slotsByContext = new WeakMap<AppContext, TurnSlots>();

/** The instance's places for contact turns (one set per context). */
export function contactTurnSlots(ctx: AppContext): TurnSlots {
  let slots = slotsByContext.get(ctx);
  if (!slots) {
    const { turnsAtOnce, turnsPerWorkspace } = ctx.config.traffic.channels;
    slots = new TurnSlots(turnsAtOnce, turnsPerWorkspace);
    slotsByContext.set(ctx, slots);
  }
  return slots;
}
