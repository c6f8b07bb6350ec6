type Waiting<Row> = { resolve: (row: Row | undefined) => void; reject: (error: unknown) => void };

/**
 * Lookups by key asked in one event-loop iteration, answered by one query for all their keys: on
 * PostgreSQL a round trip costs the server's thread more than the rows it brings (its socket write
 * was a third of that thread's time), and under load many turns ask for their session at once.
 * `fetch` answers the rows found, each with its key; a key with no row is answered undefined.
 */
export function batchedLookup<Row>(
  fetch: (keys: string[]) => Promise<[key: string, row: Row][]>,
): (key: string) => Promise<Row | undefined> {
  let waiting = new Map<string, Waiting<Row>[]>();
  const flush = () => {
    const batch = waiting;
    waiting = new Map();
    fetch([...batch.keys()]).then(
      (rows) => {
        const found = new Map(rows);
        for (const [key, callers] of batch) for (const caller of callers) caller.resolve(found.get(key));
      },
      (error: unknown) => {
        for (const callers of batch.values()) for (const caller of callers) caller.reject(error);
      },
    );
  };
  return (key) =>
    new Promise((resolve, reject) => {
      if (waiting.size === 0) setImmediate(flush);
      const callers = waiting.get(key);
      if (callers) callers.push({ resolve, reject });
      else waiting.set(key, [{ resolve, reject }]);
    });
}
