import type { OutboxRow } from "../../store/database.js";
import type { OutboxClaimFilter, OutboxItemPlace } from "../../store/outbox-repository.js";
import type { Wakeup } from "../background/wakeup.js";
import { DestinationCircuits, type CircuitSettings } from "./destination-circuits.js";
import type { OutboxOutcome } from "./outbox-outcome.js";

/** A pool of its own: its kinds never wait for another lane's slots. */
export type DeliveryLane = {
  name: string;
  kinds: Pick<OutboxClaimFilter, "kinds" | "exceptKinds">;
  /** Items of the lane under way at once. */
  concurrency: number;
  /** The longest one attempt may take; the runner gives up on it then (and its lease covers it). */
  attemptTimeoutMs: number;
};

export type DeliverySchedulerOptions = {
  lanes: readonly DeliveryLane[];
  perWorkspace: number;
  perDestination: number;
  circuit: CircuitSettings;
  pollMs: number;
  wakeup: Wakeup;
  onError(error: unknown): void;
};

/** What the scheduler needs from the store and the kinds' handlers. */
export type DeliveryQueue = {
  claim(
    lane: DeliveryLane,
    limit: number,
    skip: Pick<OutboxClaimFilter, "skipWorkspaces" | "skipTargets">,
  ): Promise<OutboxRow[]>;
  placesOf(itemIds: readonly string[]): Promise<Map<string, OutboxItemPlace>>;
  /** Gives a claimed item back untried (its workspace or destination became busy meanwhile). */
  release(item: OutboxRow): Promise<void>;
  /** The destination an item goes to (a host), if its kind calls one. */
  destinationOf(item: OutboxRow, place: OutboxItemPlace | undefined): string | undefined;
  attempt(item: OutboxRow): Promise<OutboxOutcome>;
  settle(item: OutboxRow, outcome: OutboxOutcome, attemptedAt: Date): Promise<void>;
};

export type DeliveryScheduler = { stop(): Promise<void> };

class Counts {
  private readonly counts = new Map<string, number>();
  get = (key: string) => this.counts.get(key) ?? 0;
  add(key: string, by: number) {
    const next = this.get(key) + by;
    if (next > 0) this.counts.set(key, next);
    else this.counts.delete(key);
  }
  keys = () => this.counts.keys();
}

/**
 * Runs outbox items one by one as slots free up, never a batch waiting for its slowest item. Each lane
 * has its own slots; within a lane, one workspace has at most `perWorkspace` items under way and one
 * destination `perDestination` (fewer while its circuit is open or half-open). Claims leave busy
 * workspaces' and destinations' items in the store, due, so that the others' go first; the claim
 * itself takes workspaces in turn. Limits and circuits are this instance's own.
 */
export function startDeliveryScheduler(queue: DeliveryQueue, options: DeliverySchedulerOptions): DeliveryScheduler {
  const circuits = new DestinationCircuits(options.circuit);
  const running = new Set<Promise<void>>();
  const laneCounts = new Counts();
  const workspaceCounts = new Map<string, Counts>(options.lanes.map((lane) => [lane.name, new Counts()]));
  const destinationCounts = new Counts();
  /** Targets (webhooks) seen going to each destination, so that a claim can leave a busy one's items. */
  const targetsOf = new Map<string, Set<string>>();
  let stopped = false;

  const destinationRoom = (destination: string) =>
    circuits.allowance(destination, options.perDestination) - destinationCounts.get(destination);

  const skipsFor = (lane: DeliveryLane) => {
    const workspaces = workspaceCounts.get(lane.name)!;
    const skipWorkspaces = [...workspaces.keys()].filter((id) => workspaces.get(id) >= options.perWorkspace);
    const skipTargets: string[] = [];
    for (const [destination, targets] of targetsOf) if (destinationRoom(destination) <= 0) skipTargets.push(...targets);
    return { skipWorkspaces, skipTargets };
  };

  const runOne = async (lane: DeliveryLane, item: OutboxRow, workspace: string, destination?: string) => {
    const attemptedAt = new Date();
    let outcome: OutboxOutcome;
    let timer: NodeJS.Timeout | undefined;
    try {
      const timeout = new Promise<OutboxOutcome>((resolve) => {
        timer = setTimeout(
          () => resolve({ ok: false, error: `No answer within ${Math.round(lane.attemptTimeoutMs / 1000)} s` }),
          lane.attemptTimeoutMs,
        );
      });
      outcome = await Promise.race([queue.attempt(item), timeout]);
    } catch (error) {
      outcome = { ok: false, error: error instanceof Error ? error.message : String(error) };
    } finally {
      clearTimeout(timer);
    }
    if (destination) circuits.record(destination, outcome);
    try {
      await queue.settle(item, outcome, attemptedAt);
    } finally {
      laneCounts.add(lane.name, -1);
      workspaceCounts.get(lane.name)!.add(workspace, -1);
      if (destination) destinationCounts.add(destination, -1);
      options.wakeup.notify();
    }
  };

  /** Claims what the lane has room for and starts each item it may run now; says whether it filled up. */
  const fillLane = async (lane: DeliveryLane): Promise<boolean> => {
    const room = lane.concurrency - laneCounts.get(lane.name);
    if (room <= 0) return false;
    const items = await queue.claim(lane, room, skipsFor(lane));
    if (items.length === 0) return false;
    const places = await queue.placesOf(items.map((item) => item.id));
    const workspaces = workspaceCounts.get(lane.name)!;
    for (const item of items) {
      const place = places.get(item.id);
      const workspace = place?.workspaceId ?? "";
      const destination = queue.destinationOf(item, place);
      if (destination && item.targetId) {
        const targets = targetsOf.get(destination) ?? new Set<string>();
        targets.add(item.targetId);
        targetsOf.set(destination, targets);
      }
      const busy =
        workspaces.get(workspace) >= options.perWorkspace ||
        (destination !== undefined && destinationRoom(destination) <= 0);
      if (busy) {
        await queue.release(item);
        continue;
      }
      laneCounts.add(lane.name, 1);
      workspaces.add(workspace, 1);
      if (destination) {
        destinationCounts.add(destination, 1);
        circuits.started(destination);
      }
      const run = runOne(lane, item, workspace, destination).catch(options.onError);
      running.add(run);
      void run.finally(() => running.delete(run));
    }
    return items.length === room;
  };

  const loop = async () => {
    while (!stopped) {
      let more = false;
      for (const lane of options.lanes) {
        try {
          if (await fillLane(lane)) more = true;
        } catch (error) {
          options.onError(error);
        }
      }
      // A full claim may have left more due items; else sleep until a slot frees, new work, or the poll.
      if (!stopped && !more) await options.wakeup.wait(options.pollMs);
      else if (!stopped) await options.wakeup.wait(0);
    }
  };
  const looping = loop();

  return {
    async stop() {
      stopped = true;
      options.wakeup.notify();
      await looping;
      await Promise.allSettled([...running]);
    },
  };
}
