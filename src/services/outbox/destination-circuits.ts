import type { OutboxOutcome } from "./outbox-outcome.js";

export type CircuitSettings = {
  /** Consecutive failed attempts to one destination that open its circuit. */
  failures: number;
  /** How long an open circuit keeps that destination's items waiting before one probe goes. */
  openMs: number;
};

type Circuit = { failures: number; openUntil?: number; probing?: boolean };

/** A failure that says the destination is unwell (no answer, refused connection, 5xx, 429), not the item. */
export const countsAgainstDestination = (outcome: OutboxOutcome): boolean =>
  !outcome.ok &&
  !outcome.permanent &&
  (outcome.statusCode === undefined ||
    outcome.statusCode === 0 ||
    outcome.statusCode >= 500 ||
    outcome.statusCode === 429);

/**
 * One circuit per destination, in this instance. Closed: items go. After `failures` failed attempts
 * in a row it opens: the destination's items stay due without being tried (no attempt is spent, so
 * their retry window is not burnt on a receiver that is down). After `openMs` it is half-open: one
 * item goes as a probe; success closes the circuit, failure opens it again for `openMs`.
 */
export class DestinationCircuits {
  private readonly circuits = new Map<string, Circuit>();

  constructor(private readonly settings: CircuitSettings) {}

  /** How many of the destination's items may be under way now: 0 open, 1 half-open, else `limit`. */
  allowance(destination: string, limit: number, now = Date.now()): number {
    const circuit = this.circuits.get(destination);
    if (!circuit?.openUntil) return limit;
    if (now < circuit.openUntil || circuit.probing) return 0;
    return 1;
  }

  /** Says that an item to the destination starts (a probe, when the circuit is half-open). */
  started(destination: string, now = Date.now()): void {
    const circuit = this.circuits.get(destination);
    if (circuit?.openUntil !== undefined && now >= circuit.openUntil) circuit.probing = true;
  }

  record(destination: string, outcome: OutboxOutcome, now = Date.now()): void {
    const circuit = this.circuits.get(destination) ?? { failures: 0 };
    if (!countsAgainstDestination(outcome)) {
      // The destination answered (an item's own 4xx included): it is well again.
      this.circuits.delete(destination);
      return;
    }
    circuit.failures++;
    if (circuit.probing || circuit.failures >= this.settings.failures) {
      circuit.openUntil = now + this.settings.openMs;
      circuit.probing = false;
    }
    this.circuits.set(destination, circuit);
  }
}
