/**
 * "This session changed" between the instances of one deployment: the instance that commits a turn
 * nobody is waiting on the answer of (an outside call resuming a wait-for-webhook block) signals it,
 * and the instance holding the visitor's events stream reads the stored session and sends what is new.
 * Only the session id crosses; what to send is always read from the database.
 */
export interface SessionSignals {
  /** Signals the session on every instance (after commit). Never throws: a lost signal is caught up by the streams' periodic check. */
  publish(sessionId: string): void;
  /** Calls `listener` each time the session is signalled; resolves once signals from other instances can arrive. */
  subscribe(sessionId: string, listener: () => void): Promise<() => void>;
  /** Wakes every listener and stops the transport; streams then end. */
  close(): Promise<void>;
  readonly closed: boolean;
}

/** How signals travel between instances: PostgreSQL LISTEN/NOTIFY or Redis pub/sub. */
export interface SignalTransport {
  /** Starts receiving (once); resolves when it listens. */
  listen(onSignal: (sessionId: string) => void): Promise<void>;
  publish(sessionId: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * Listeners in this process, plus the transport to the others when there is one (none on the
 * embedded database, which only one instance opens). A signal is also delivered here at once: the
 * transport's echo of it arrives again, and listeners re-read the session, so that costs one read.
 */
export class SessionSignalHub implements SessionSignals {
  private readonly listeners = new Map<string, Set<() => void>>();
  private listening: Promise<void> | undefined;
  closed = false;

  constructor(
    private readonly transport: SignalTransport | undefined,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {}

  publish(sessionId: string): void {
    this.deliver(sessionId);
    this.transport?.publish(sessionId).catch(this.onError);
  }

  async subscribe(sessionId: string, listener: () => void): Promise<() => void> {
    const set = this.listeners.get(sessionId) ?? new Set<() => void>();
    this.listeners.set(sessionId, set);
    set.add(listener);
    const unsubscribe = () => {
      set.delete(listener);
      if (set.size === 0 && this.listeners.get(sessionId) === set) this.listeners.delete(sessionId);
    };
    if (this.transport && !this.closed) {
      this.listening ??= this.transport
        .listen((id) => this.deliver(id))
        .catch((error) => {
          // Retried by the next subscriber; meanwhile streams rely on their periodic check.
          this.listening = undefined;
          this.onError(error);
        });
      await this.listening;
    }
    return unsubscribe;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const set of this.listeners.values()) for (const listener of [...set]) listener();
    await this.transport?.close();
  }

  private deliver(sessionId: string): void {
    for (const listener of [...(this.listeners.get(sessionId) ?? [])]) listener();
  }
}
