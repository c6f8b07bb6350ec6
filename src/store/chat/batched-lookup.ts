/** A call waiting for its batch: what it asked, and how to answer it. */
export type Pending<In, Out> = { input: In; resolve: (out: Out) => void; reject: (error: unknown) => void };

/**
 * Calls made in one event-loop iteration, handed to `flush` together once it ends; `flush` settles
 * each call. On PostgreSQL a round trip costs the server's thread more than the rows it carries (its
 * socket write was a third of that thread's time), and under load many turns ask at once.
 */
export function perIteration<In, Out>(flush: (batch: Pending<In, Out>[]) => void): (input: In) => Promise<Out> {
  let waiting: Pending<In, Out>[] = [];
  const flushWaiting = () => {
    const batch = waiting;
    waiting = [];
    flush(batch);
  };
  return (input) =>
    new Promise((resolve, reject) => {
      if (waiting.length === 0) setImmediate(flushWaiting);
      waiting.push({ input, resolve, reject });
    });
}

/**
 * Lookups by key asked in one event-loop iteration, answered by one query for all their keys.
 * `fetch` answers the rows found, each with its key; a key with no row is answered undefined.
 */
export function batchedLookup<Row>(
  fetch: (keys: string[]) => Promise<[key: string, row: Row][]>,
): (key: string) => Promise<Row | undefined> {
  return perIteration<string, Row | undefined>((batch) => {
    fetch([...new Set(batch.map(({ input }) => input))]).then(
      (rows) => {
        const found = new Map(rows);
        for (const call of batch) call.resolve(found.get(call.input));
      },
      (error: unknown) => {
        for (const call of batch) call.reject(error);
      },
    );
  });
}
