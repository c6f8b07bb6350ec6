import { Wakeup } from "./wakeup.js";

/** How one attempt went. `permanent`: trying again cannot help (bad address, refused by the guard). */
export type Attempt =
  | { ok: true; statusCode?: number }
  | { ok: false; error: string; statusCode?: number; permanent?: boolean };

/**
 * Work that becomes due at a stored time, done at least once: the outbox today; idle timeouts and
 * session clean-up can use the same runner. The queue is the store's side of it.
 */
export type DueWorkQueue<Item, Outcome extends Attempt = Attempt> = {
  /**
   * Takes up to `limit` due items for this runner alone, leased: an item not settled before its lease
   * ends (its runner died) becomes due again. Several instances may claim at once (PostgreSQL).
   */
  claim(limit: number): Promise<Item[]>;
  /** Does the work once; a thrown error counts as a failed attempt. */
  attempt(item: Item): Promise<Outcome>;
  /** Records the attempt and either finishes the item or makes it due again later. */
  settle(item: Item, outcome: Outcome, attemptedAt: Date): Promise<void>;
};

export type DueWorkRunner = { stop(): Promise<void> };

export type DueWorkOptions = {
  /** How often to look for due items when nobody said there were some. */
  pollMs: number;
  /** Items claimed (and worked on concurrently) at once. */
  batchSize: number;
  wakeup?: Wakeup;
  onError(error: unknown): void;
};

/**
 * Claims due items, works on them, settles each, and goes on at once while it finds full batches;
 * else it sleeps until the next poll or a wakeup. stop() lets the items under way finish.
 */
export function startDueWorkRunner<Item, Outcome extends Attempt>(
  queue: DueWorkQueue<Item, Outcome>,
  options: DueWorkOptions,
): DueWorkRunner {
  const wakeup = options.wakeup ?? new Wakeup();
  let stopped = false;

  const runOne = async (item: Item) => {
    const attemptedAt = new Date();
    let outcome: Outcome;
    try {
      outcome = await queue.attempt(item);
    } catch (error) {
      outcome = { ok: false, error: error instanceof Error ? error.message : String(error) } as Outcome;
    }
    await queue.settle(item, outcome, attemptedAt);
  };

  const loop = async () => {
    while (!stopped) {
      let claimed = 0;
      try {
        const items = await queue.claim(options.batchSize);
        claimed = items.length;
        const settled = await Promise.allSettled(items.map(runOne));
        for (const result of settled) if (result.status === "rejected") options.onError(result.reason);
      } catch (error) {
        options.onError(error);
      }
      if (!stopped && claimed < options.batchSize) await wakeup.wait(options.pollMs);
    }
  };
  const running = loop();

  return {
    async stop() {
      stopped = true;
      wakeup.notify();
      await running;
    },
  };
}
