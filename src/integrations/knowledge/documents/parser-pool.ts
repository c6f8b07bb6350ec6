import { Worker } from "node:worker_threads";
import { bundledScript } from "../../../lib/bundled-script.js";
import type { DocumentFormat, DocumentLimits, DocumentParser, ParsedDocument } from "./types.js";
import { reasons } from "./reasons.js";
import type { FromDocumentWorker, ParseRequest } from "./worker-protocol.js";

type Job = { request: ParseRequest; resolve(result: ParsedDocument): void };
type Slot = { worker: Worker; ready: boolean; job?: Job; timer?: NodeJS.Timeout };

/**
 * Worker threads reading documents, one document per worker at a time; more documents wait in arrival
 * order. A read's time limit starts when a worker takes it: past it the worker is terminated (PDF.js
 * and the XML parser cannot be interrupted from inside) and a fresh one is started for the next
 * document. A worker that runs out of its heap (`heapMb`) fails its document and is replaced the same way.
 */
export class DocumentParserPool implements DocumentParser {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 0;
  private closed = false;
  private replacements = 0;
  private readonly size: number;
  private readonly heapMb: number;

  constructor(
    options: { workers: number; heapMb?: number },
    private readonly workerUrl: URL = bundledScript("document-worker", import.meta.url),
  ) {
    this.size = Math.max(1, Math.floor(options.workers));
    this.heapMb = options.heapMb ?? 256;
  }

  /** For tests and monitoring. */
  stats(): { workers: number; busy: number; queued: number; replacements: number } {
    const busy = this.slots.filter((slot) => slot.job).length;
    return { workers: this.slots.length, busy, queued: this.queue.length, replacements: this.replacements };
  }

  parse(
    input: { format: DocumentFormat; fileName: string; bytes: Uint8Array },
    limits: DocumentLimits,
  ): Promise<ParsedDocument> {
    if (this.closed) return Promise.resolve({ ok: false, reason: reasons.closed() });
    // Checked here too, so an oversized file is never copied to a worker.
    if (input.bytes.length === 0) return Promise.resolve({ ok: false, reason: reasons.empty() });
    if (input.bytes.length > limits.maxBytes)
      return Promise.resolve({ ok: false, reason: reasons.tooLarge(limits.maxBytes) });
    return new Promise((resolve) => {
      const request: ParseRequest = { id: this.nextId++, format: input.format, bytes: input.bytes, limits };
      this.queue.push({ request, resolve });
      this.pump();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.resolve({ ok: false, reason: reasons.closed() });
    await Promise.all(this.slots.map((slot) => this.discard(slot, reasons.closed())));
  }

  private pump(): void {
    while (this.queue.length > 0) {
      const slot = this.slots.find((candidate) => candidate.ready && !candidate.job);
      if (!slot) break;
      this.dispatch(slot, this.queue.shift()!);
    }
    const starting = this.slots.filter((slot) => !slot.ready).length;
    if (!this.closed && this.queue.length > starting && this.slots.length < this.size) this.spawn();
  }

  private dispatch(slot: Slot, job: Job): void {
    slot.job = job;
    const { timeoutMs } = job.request.limits;
    slot.timer = setTimeout(() => void this.discard(slot, reasons.timeout(timeoutMs), true), timeoutMs);
    slot.worker.postMessage(job.request);
  }

  private spawn(): void {
    let worker: Worker;
    try {
      worker = new Worker(this.workerUrl, { resourceLimits: { maxOldGenerationSizeMb: this.heapMb } });
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      if (this.slots.length === 0)
        for (const job of this.queue.splice(0)) job.resolve({ ok: false, reason: reasons.workerFailed(detail) });
      return;
    }
    // Idle workers must not keep the process alive; a read in progress has its timer for that.
    worker.unref();
    const slot: Slot = { worker, ready: false };
    this.slots.push(slot);
    worker.on("message", (message: FromDocumentWorker) => {
      if (message.type === "ready") slot.ready = true;
      else if (slot.job?.request.id === message.id) {
        clearTimeout(slot.timer);
        const { job } = slot;
        slot.job = undefined;
        job.resolve(message.result);
      }
      this.pump();
    });
    worker.on("error", (error: Error & { code?: string }) => {
      const reason =
        error.code === "ERR_WORKER_OUT_OF_MEMORY" ? reasons.outOfMemory() : reasons.workerFailed(error.message);
      void this.discard(slot, reason, true);
    });
    worker.on("exit", (code) => void this.discard(slot, reasons.workerFailed(`exit code ${code}`), true));
  }

  /** Ends a worker, failing its document with `reason`; `replace`: the pool starts another if needed. */
  private async discard(slot: Slot, reason: string, replace = false): Promise<void> {
    const index = this.slots.indexOf(slot);
    if (index < 0) return;
    this.slots.splice(index, 1);
    clearTimeout(slot.timer);
    const { job } = slot;
    slot.job = undefined;
    job?.resolve({ ok: false, reason });
    // A worker that fails before it is ready cannot read anything: restarting it would fail again.
    if (!slot.ready && this.slots.length === 0)
      for (const waiting of this.queue.splice(0)) waiting.resolve({ ok: false, reason });
    else if (replace && !this.closed) {
      this.replacements++;
      this.pump();
    }
    await slot.worker.terminate();
  }
}
