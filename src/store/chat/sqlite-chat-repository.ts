import { Worker } from "node:worker_threads";
import { bundledScript } from "../../lib/bundled-script.js";
import { stopWorker } from "../../lib/stop-worker.js";
import type { SessionRow } from "../database.js";
import { SessionConflictError, type ChatRepository, type LiveBotRow, type TurnWrite } from "../chat-repository.js";
import type { ChatThreadData, FromChatThread, StoredFailure, ToChatThread } from "./sqlite-chat-protocol.js";

type Pending = { write: TurnWrite; resolve: () => void; reject: (error: unknown) => void };
type PendingRead<Row> = { key: string; resolve: (row: Row | undefined) => void; reject: (error: unknown) => void };
type Request = Exclude<ToChatThread, { type: "close" }>;
type Waiting = { resolve: (message: FromChatThread) => void; reject: (error: unknown) => void };

/**
 * Chat turns on the embedded database, run by a thread of their own with its own connection
 * (./sqlite-chat-worker.ts), so that the server's thread spends its time on requests, not in SQLite.
 * Group commit: the turns that finish their engine work in the same event-loop iteration go to the
 * thread as one batch, written in one transaction where a lost race or a failed statement undoes only
 * its own turn. A commit is most of a turn's database time, so sharing it is what lets many visitors
 * answer at once. Every caller is answered only after the commit that holds its turn. Reads (sessions,
 * and the bots that starts name) are batched the same way: a message to the thread and back costs the
 * server's thread more than the read itself, and the thread's connection, which commits the turns,
 * keeps its page cache where the server thread's own would be dropped after each of those commits.
 */
export class SqliteChatRepository implements ChatRepository {
  private worker: Worker | undefined;
  private pending: Pending[] = [];
  private pendingReads = { sessions: [] as PendingRead<SessionRow>[], liveBots: [] as PendingRead<LiveBotRow>[] };
  private readonly waiting = new Map<number, Waiting>();
  private nextId = 0;
  private closed = false;

  constructor(
    private readonly data: ChatThreadData,
    private readonly scriptUrl: URL = bundledScript("sqlite-chat-worker", import.meta.url),
  ) {}

  findSession(sessionId: string): Promise<SessionRow | undefined> {
    return this.read(this.pendingReads.sessions, sessionId);
  }

  findLiveBot(publicId: string): Promise<LiveBotRow | undefined> {
    return this.read(this.pendingReads.liveBots, publicId);
  }

  private read<Row>(queue: PendingRead<Row>[], key: string): Promise<Row | undefined> {
    return new Promise((resolve, reject) => {
      const { sessions, liveBots } = this.pendingReads;
      if (sessions.length + liveBots.length === 0) setImmediate(() => this.flushReads());
      queue.push({ key, resolve, reject });
    });
  }

  writeTurn(write: TurnWrite): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.pending.push({ write, resolve, reject }) === 1) setImmediate(() => this.flush());
    });
  }

  /** Waits for the requests under way, then stops the thread. */
  async close(): Promise<void> {
    const { pendingReads: reads } = this;
    while (this.pending.length > 0 || reads.sessions.length + reads.liveBots.length > 0 || this.waiting.size > 0)
      await new Promise((resolve) => setTimeout(resolve, 5));
    this.closed = true;
    if (this.worker) await stopWorker(this.worker, { type: "close" } satisfies ToChatThread);
  }

  private flush(): void {
    const batch = this.pending;
    this.pending = [];
    const failAll = (error: unknown) => rejectAll(batch, error);
    this.request({ type: "write", id: 0, writes: batch.map((turn) => turn.write) }).then((answer) => {
      if (answer.type !== "written")
        return failAll(answer.type === "failed" ? storedError(answer) : new Error("unexpected answer"));
      answer.outcomes.forEach((outcome, index) => {
        const turn = batch[index]!;
        if (outcome.ok) turn.resolve();
        else turn.reject(outcome.conflict ? new SessionConflictError() : storedError(outcome));
      });
    }, failAll);
  }

  private flushReads(): void {
    const { sessions, liveBots } = this.pendingReads;
    this.pendingReads = { sessions: [], liveBots: [] };
    const failAll = (error: unknown) => rejectAll([...sessions, ...liveBots], error);
    const keys = (reads: readonly { key: string }[]) => reads.map((read) => read.key);
    this.request({ type: "find", id: 0, sessionIds: keys(sessions), publicIds: keys(liveBots) }).then((answer) => {
      if (answer.type !== "found")
        return failAll(answer.type === "failed" ? storedError(answer) : new Error("unexpected answer"));
      answer.sessions.forEach((row, index) => {
        sessions[index]!.resolve(row);
      });
      answer.liveBots.forEach((row, index) => {
        liveBots[index]!.resolve(row);
      });
    }, failAll);
  }

  private request(message: Request): Promise<FromChatThread> {
    if (this.closed) return Promise.reject(new Error("The database is closed"));
    this.worker ??= this.start();
    const worker = this.worker;
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      // Referenced only while it owes an answer: an idle chat thread never keeps the process alive.
      if (this.waiting.size === 0) worker.ref();
      this.waiting.set(id, { resolve, reject });
      worker.postMessage({ ...message, id });
    });
  }

  private start(): Worker {
    const worker = new Worker(this.scriptUrl, { workerData: this.data });
    worker.unref();
    worker.on("message", (message: FromChatThread) => {
      const waiting = this.waiting.get(message.id);
      this.waiting.delete(message.id);
      if (this.waiting.size === 0) worker.unref();
      waiting?.resolve(message);
    });
    // A thread that failed or stopped fails what it owed (nothing of it was acknowledged); the next
    // request starts a new one.
    const lost = (error: Error) => {
      if (this.worker === worker) this.worker = undefined;
      const owed = [...this.waiting.values()];
      this.waiting.clear();
      for (const waiting of owed) waiting.reject(error);
    };
    worker.on("error", lost);
    worker.on("exit", (code) => lost(new Error(`The chat database thread stopped (exit code ${code})`)));
    return worker;
  }
}

function rejectAll(batch: readonly { reject(error: unknown): void }[], error: unknown): void {
  for (const waiting of batch) waiting.reject(error);
}

function storedError({ message, code }: StoredFailure): Error {
  return Object.assign(new Error(message), code ? { code } : {});
}
