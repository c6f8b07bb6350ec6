import { AsyncLocalStorage } from "node:async_hooks";

/** The chat turn an outgoing request is made for: by when it must be over, and what to say after. */
export type TurnDeadline = { deadline: number; message: string };

const current = new AsyncLocalStorage<TurnDeadline>();

/**
 * Runs `work` as part of a turn with a deadline. Every request sent through the address guard on its
 * behalf (by any adapter, however it holds its HTTP client) ends by the deadline, and none leaves
 * after it: an adapter's later steps (NocoDB's link calls, a Gmail attachment) are held to it too.
 */
export const withinTurnDeadlineScope = <T>(deadline: TurnDeadline, work: () => T): T => current.run(deadline, work);

/** The deadline of the turn this code runs for; none outside a turn (the outbox, the builder). */
export const currentTurnDeadline = (): TurnDeadline | undefined => current.getStore();

/** A request refused because its turn's deadline passed. */
export class TurnDeadlineError extends Error {}
