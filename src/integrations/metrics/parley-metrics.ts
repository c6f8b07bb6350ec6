import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { SandboxPort, SandboxResult } from "../../engine/ports.js";
import type { Store } from "../../store/connect.js";

export type ChatTurnKind = "start" | "continue";

/**
 * What an operator watches, in a registry of this instance's own (two servers in one process, as in
 * tests, never share counters). Requests are counted in a plain map (one lookup and one addition per
 * request) and handed to prom-client only when scraped, since its labelled `inc` hashes the labels
 * on every call.
 */
export class ParleyMetrics {
  readonly registry = new Registry();
  /** Route pattern → method → status → count: nested so that counting allocates nothing. */
  private readonly requestCounts = new Map<string, Map<string, Map<number, number>>>();
  private readonly turns: Counter<"kind">;
  private readonly turnSeconds: Histogram<"kind">;
  private readonly sandboxRuns: Counter<"kind">;
  private readonly sandboxTimeouts: Counter<"kind">;
  private readonly refusals: Counter<"route">;
  private readonly uploadBytes: Counter;

  constructor(store?: Store) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry, prefix: "parley_process_" });
    const requestCounts = this.requestCounts;
    new Counter({
      name: "parley_http_requests_total",
      help: "HTTP requests answered, by method, route pattern and status",
      labelNames: ["method", "route", "status"],
      registers,
      collect() {
        this.reset();
        for (const [route, methods] of requestCounts)
          for (const [method, statuses] of methods)
            for (const [status, count] of statuses) this.inc({ method, route, status: String(status) }, count);
      },
    });
    this.turns = new Counter({
      name: "parley_chat_turns_total",
      help: "Chat turns answered successfully: start (startChat) or continue (continueChat)",
      labelNames: ["kind"],
      registers,
    });
    this.turnSeconds = new Histogram({
      name: "parley_chat_turn_duration_seconds",
      help: "Time to answer a chat turn, from the request's arrival to the response",
      labelNames: ["kind"],
      buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20],
      registers,
    });
    this.sandboxRuns = new Counter({
      name: "parley_sandbox_runs_total",
      help: "Runs of bot code in the sandbox, by kind (expression, script, inline)",
      labelNames: ["kind"],
      registers,
    });
    this.sandboxTimeouts = new Counter({
      name: "parley_sandbox_timeouts_total",
      help: "Runs of bot code stopped for running longer than PARLEY_SANDBOX_TIMEOUT_MS",
      labelNames: ["kind"],
      registers,
    });
    this.refusals = new Counter({
      name: "parley_rate_limit_refusals_total",
      help: "Requests refused with 429 (chat rate limits, sign-in throttling), by route pattern",
      labelNames: ["route"],
      registers,
    });
    this.uploadBytes = new Counter({
      name: "parley_upload_bytes_total",
      help: "Bytes received by upload requests that were stored (request bodies as sent)",
      registers,
    });
    const native = store?.native;
    if (native?.dialect === "postgres") {
      const pool = native.pool;
      const poolGauge = (name: string, help: string, read: () => number) =>
        new Gauge({
          name,
          help,
          registers,
          collect() {
            this.set(read());
          },
        });
      poolGauge("parley_db_pool_connections", "PostgreSQL connections open in the pool", () => pool.totalCount);
      poolGauge("parley_db_pool_idle_connections", "PostgreSQL connections open and idle", () => pool.idleCount);
      poolGauge("parley_db_pool_waiting_queries", "Queries waiting for a free connection", () => pool.waitingCount);
    }
  }

  countRequest(method: string, route: string, status: number): void {
    let methods = this.requestCounts.get(route);
    if (!methods) {
      methods = new Map();
      this.requestCounts.set(route, methods);
    }
    let statuses = methods.get(method);
    if (!statuses) {
      statuses = new Map();
      methods.set(method, statuses);
    }
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
  }

  countTurn(kind: ChatTurnKind, seconds: number): void {
    this.turns.labels(kind).inc();
    this.turnSeconds.labels(kind).observe(seconds);
  }

  countRefusal(route: string): void {
    this.refusals.labels(route).inc();
  }

  countUpload(bytes: number): void {
    if (bytes > 0) this.uploadBytes.inc(bytes);
  }

  /** The sandbox port, counting its runs and timeouts; `close` reaches the wrapped one. */
  countSandbox<Port extends SandboxPort>(port: Port): Port {
    const metrics = this;
    const counted = Object.create(port) as Port;
    counted.run = async function countedRun(request) {
      metrics.sandboxRuns.labels(request.kind).inc();
      const result: SandboxResult = await port.run(request);
      if (!result.ok && result.error.startsWith("Timed out:")) metrics.sandboxTimeouts.labels(request.kind).inc();
      return result;
    };
    return counted;
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
