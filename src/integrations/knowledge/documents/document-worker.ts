import { parentPort } from "node:worker_threads";
import { readDocument } from "./read-document.js";
import type { FromDocumentWorker, ParseRequest } from "./worker-protocol.js";

/**
 * The worker side of DocumentParserPool: reads one document at a time. Documents are untrusted and
 * reading one needs no network, so the worker has none to reach (a library's attempt fails at once).
 */
const noNetwork = () => Promise.reject(new Error("no network access while reading a document"));
Object.defineProperty(globalThis, "fetch", { value: noNetwork, configurable: false, writable: false });

const port = parentPort!;
const send = (message: FromDocumentWorker) => port.postMessage(message);
port.on("message", async (request: ParseRequest) => {
  const result = await readDocument(request.format, request.bytes, request.limits);
  send({ type: "parsed", id: request.id, result });
});
send({ type: "ready" });
