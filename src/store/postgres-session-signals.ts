import pg from "pg";

const CHANNEL = "parley_session_signals";

/**
 * Session signals over PostgreSQL LISTEN/NOTIFY: every instance sharing the database hears them. The
 * listening connection is its own (a pooled one would be handed to queries); after it drops it is
 * opened again, and what was signalled meanwhile is caught up by the streams' periodic check.
 */
export class PostgresSessionSignals {
  private client: pg.Client | undefined;
  private onSignal: ((sessionId: string) => void) | undefined;
  private closed = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly connectionString: string,
  ) {}

  async listen(onSignal: (sessionId: string) => void): Promise<void> {
    this.onSignal = onSignal;
    await this.connect();
  }

  async publish(sessionId: string): Promise<void> {
    await this.pool.query("select pg_notify($1, $2)", [CHANNEL, sessionId]);
  }

  async close(): Promise<void> {
    this.closed = true;
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({ connectionString: this.connectionString });
    client.on("notification", (message) => {
      if (message.channel === CHANNEL && message.payload) this.onSignal?.(message.payload);
    });
    const reopen = () => {
      if (this.client !== client || this.closed) return;
      this.client = undefined;
      setTimeout(() => this.connect().catch(() => undefined), 1000).unref();
    };
    client.on("error", reopen);
    client.on("end", reopen);
    this.client = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      reopen();
      throw error;
    }
  }
}
