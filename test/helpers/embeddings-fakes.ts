import { createHash } from "node:crypto";
import { FAKE_KEY, sendFakeJson, startFakeServer } from "./ai-fakes.js";

/** The fake's vectors' length. */
export const FAKE_EMBEDDING_DIMENSIONS = 256;
/** Model names that make the fake misbehave: a 500, or an answer with one vector too few. */
export const failingEmbeddingModels = { error: "failing-embedder", short: "short-embedder" } as const;

/**
 * A deterministic embedding: a hashed bag of words (lower-cased letters and digits, each word's hash
 * picking a dimension and a sign), L2-normalised. Texts sharing words get a positive cosine, so it
 * ranks like a crude lexical retriever — enough to test hybrid ranking end to end without a model.
 */
export function fakeEmbedding(text: string, dimensions = FAKE_EMBEDDING_DIMENSIONS): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    const hash = createHash("sha1").update(word).digest();
    vector[hash.readUInt32LE(0) % dimensions]! += hash[4]! & 1 ? 1 : -1;
  }
  const norm = Math.hypot(...vector);
  return norm === 0 ? vector : vector.map((value) => value / norm);
}

/**
 * An OpenAI-compatible embeddings API over real HTTP: POST /v1/embeddings with the fake key answers
 * `fakeEmbedding` of each input; more than `maxBatch` inputs in one request is a 400, as real
 * providers answer.
 */
export function fakeEmbeddingsApi(options: { maxBatch?: number } = {}) {
  const maxBatch = options.maxBatch ?? 2048;
  return startFakeServer((request, response) => {
    if (request.method !== "POST" || request.path !== "/v1/embeddings")
      return sendFakeJson(response, 404, { error: { message: "Not found" } });
    if (request.headers.authorization !== `Bearer ${FAKE_KEY}`)
      return sendFakeJson(response, 401, { error: { message: "Incorrect API key provided" } });
    const { model, input } = request.json ?? {};
    const inputs: unknown[] = typeof input === "string" ? [input] : Array.isArray(input) ? input : [];
    if (inputs.length === 0 || !inputs.every((text) => typeof text === "string"))
      return sendFakeJson(response, 400, { error: { message: "'input' must be a string or a list of strings" } });
    if (inputs.length > maxBatch)
      return sendFakeJson(response, 400, { error: { message: `Too many inputs: at most ${maxBatch} per request` } });
    if (model === failingEmbeddingModels.error)
      return sendFakeJson(response, 500, { error: { message: "The embedder is down" } });
    const data = (inputs as string[]).map((text, index) => ({
      object: "embedding",
      index,
      embedding: fakeEmbedding(text),
    }));
    if (model === failingEmbeddingModels.short) data.pop();
    // In reverse: clients must place each vector by its `index`, as the API documents.
    data.reverse();
    sendFakeJson(response, 200, { object: "list", model, data, usage: { prompt_tokens: 1, total_tokens: 1 } });
  });
}
