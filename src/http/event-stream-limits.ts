import { AppError } from "../errors.js";
import type { TrafficLimits } from "../config-traffic.js";

/** One open events stream: ending it (replaced, too old, the server closing) ends the response. */
export type OpenStream = { signal: AbortSignal; end(): void };

/**
 * Open `…/sessions/{id}/events` streams of this instance, bounded (issue 31 item 9): each holds a
 * socket and a file descriptor for as long as the chat waits, so one session keeps only its newest
 * stream (the older one is ended: a reconnecting page replaces its own), one client address keeps
 * at most `perAddress`, the instance at most `total` (a margin under the descriptors the process may
 * open, so health checks and chats still get theirs), and none lives longer than `maxMs` (a client
 * that still waits reconnects, as EventSource does by itself).
 */
export class EventStreamLimits {
  private readonly byAddress = new Map<string, number>();
  private readonly bySession = new Map<string, OpenStream>();
  private open = 0;

  constructor(private readonly limits: TrafficLimits["eventStreams"]) {}

  /** A place for a new stream of `address`, or 429 when the address or the instance has none left. */
  admit(address: string): { release(): void } {
    const mine = this.byAddress.get(address) ?? 0;
    if (mine >= this.limits.perAddress)
      throw new AppError(
        "TOO_MANY_REQUESTS",
        `Too many open event streams from your address (at most ${this.limits.perAddress}): close one first`,
      );
    if (this.open >= this.limits.total)
      throw new AppError("TOO_MANY_REQUESTS", "Too many open event streams on this server: try again later");
    this.byAddress.set(address, mine + 1);
    this.open++;
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.open--;
        const left = (this.byAddress.get(address) ?? 1) - 1;
        if (left > 0) this.byAddress.set(address, left);
        else this.byAddress.delete(address);
      },
    };
  }

  /**
   * The session's stream from now on: the one it had before is ended. The returned stream ends by
   * itself after `maxMs`; `onEnd` is called once when it ends, whatever ended it.
   */
  claimSession(sessionId: string, onEnd: () => void): OpenStream {
    const stream = this.expiring(() => {
      if (this.bySession.get(sessionId) === stream) this.bySession.delete(sessionId);
      onEnd();
    });
    this.bySession.get(sessionId)?.end();
    this.bySession.set(sessionId, stream);
    return stream;
  }

  /** A stream that ends by itself after `maxMs` (an Inbox page's: one operator may have several open). */
  expiring(onEnd: () => void): OpenStream {
    const controller = new AbortController();
    const timer = setTimeout(() => stream.end(), this.limits.maxMs);
    timer.unref();
    const stream: OpenStream = {
      signal: controller.signal,
      end: () => {
        if (controller.signal.aborted) return;
        clearTimeout(timer);
        controller.abort();
        onEnd();
      },
    };
    return stream;
  }

  /** Streams open now (for tests and metrics). */
  get openCount(): number {
    return this.open;
  }
}

const byContext = new WeakMap<object, EventStreamLimits>();

/** The instance's one set of limits, shared by the visitor's and the Inbox's streams (made on first use). */
export function eventStreamLimitsOf(ctx: { config: { traffic: TrafficLimits } }): EventStreamLimits {
  let limits = byContext.get(ctx);
  if (!limits) {
    limits = new EventStreamLimits(ctx.config.traffic.eventStreams);
    byContext.set(ctx, limits);
  }
  return limits;
}
