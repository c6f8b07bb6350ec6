import { parentPort, workerData } from "node:worker_threads";
import type { HttpResponse, SandboxResult } from "../engine/ports.js";
import { QuickJsSandbox } from "./quickjs-sandbox.js";
import type { FromWorker, ToWorker, WorkerData } from "./worker-protocol.js";

/**
 * A pool worker (./worker-pool.ts): runs bot code in its own QuickJS module, off the server's thread.
 * Bot code's `fetch` is asked of the main thread, whose HTTP port applies the address guard.
 */
type OpenRun = {
  answers: Map<number, { resolve(response: HttpResponse): void; reject(error: Error): void }>;
  received: number;
  nextFetch: number;
};

const port = parentPort;
if (!port) throw new Error("sandbox-worker runs as a worker thread");
const { limits } = workerData as WorkerData;
const sandbox = new QuickJsSandbox(limits);
const runs = new Map<number, OpenRun>();
const post = (message: FromWorker) => port.postMessage(message);

port.on("message", (message: ToWorker) => {
  if (message.type === "run") {
    void start(message);
    return;
  }
  const run = runs.get(message.id);
  const answer = run?.answers.get(message.fetchId);
  if (!run || !answer) return;
  run.answers.delete(message.fetchId);
  run.received++;
  if ("failure" in message) answer.reject(new Error(message.failure));
  else answer.resolve(message.response);
});

async function start({ id, request, deadline, allowFetch }: Extract<ToWorker, { type: "run" }>): Promise<void> {
  const run: OpenRun = { answers: new Map(), received: 0, nextFetch: 0 };
  runs.set(id, run);
  let result: SandboxResult;
  try {
    result = await sandbox.run(request, {
      deadline,
      ...(allowFetch
        ? {
            http: (httpRequest) =>
              new Promise<HttpResponse>((resolve, reject) => {
                const fetchId = run.nextFetch++;
                run.answers.set(fetchId, { resolve, reject });
                post({ type: "fetch", id, fetchId, request: httpRequest });
              }),
          }
        : {}),
      onWait: () => post({ type: "parked", id, received: run.received }),
    });
  } catch (error) {
    result = { ok: false, error: `The code could not be run: ${errorMessage(error)}` };
  } finally {
    runs.delete(id);
  }
  try {
    post({ type: "done", id, result });
  } catch (error) {
    // A result the structured clone cannot copy; the pool must hear back either way.
    post({ type: "done", id, result: { ok: false, error: `The code could not be run: ${errorMessage(error)}` } });
  }
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

await sandbox.ready();
post({ type: "ready" });
